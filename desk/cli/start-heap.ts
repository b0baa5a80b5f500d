import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type HeapReading, QUIET_UTILIZATION, shouldSettle } from './heap-settle.ts';

// Issue 31 #15: the desk's memory, idle and busy. Starting allocates a great deal that lives on
// (modules, PGlite's file system) and a great deal that does not (the WebAssembly file's 10 MB,
// PGlite's 6 MB file bundle, the build of every module). V8 doubles its young generation each
// time much of it survives, and starting made it 32 MB (two 16 MB halves, both touched) that an
// idle desk then kept, beside the start's garbage, which nothing collects while the desk waits.
// So desk/launch.mjs holds the young generation at its first size while the desk starts, and
// once it listens this lets it grow again under load and collects the start's garbage.
// Under load, V8 let the old generation grow to four times what the last full collection kept
// (GC is cheap, and a machine of 24 GB lets it): 35 MB of live objects, 170 MB of heap after
// 3,000 captures. Twice what was kept bounds that without a cost per capture one can measure.
// Load grows the young generation to 32 MB again, and leaves the old one at twice its live size
// with the load's garbage in it; V8 gives neither back while the desk waits (a desk restarted on
// a used folder held 90 MB of heap, 30 MB of it live, once its backlog was sent). So the desk
// settles its heap again each time it goes quiet after growing: see {@link shouldSettle}.

/** V8's own growth factor for the young generation, given back once the desk listens. */
const V8_DEFAULT_GROWTH = 2;

/** The old generation may grow to twice what the last full collection kept. */
const OLD_GENERATION_GROWTH_PERCENT = 100;

/** How often the desk looks whether it has gone quiet with a grown heap. */
const SETTLE_CHECK_MS = 500;

/**
 * V8 shrinks its young generation after a collection only when the allocation it recorded at its
 * last ten collections (or over the last five seconds) was slow: after a burst, that history is
 * the burst's. So a settle first runs sixteen young collections, 50 ms apart (about 1 ms each on
 * a quiet desk), which fill that history with the quiet; the full collection after them then
 * gives the young generation back too (and a second one, the pages the first emptied). Were V8
 * to keep its history otherwise, the full collections would still collect the old generation.
 */
const YOUNG_COLLECTIONS = 16;
const YOUNG_COLLECTION_SPACING_MS = 50;

type Collect = (options?: { type: 'minor' | 'major' }) => void;

/** V8's `gc`, from a context of its own: it is never exposed to the desk's code. */
function makeCollector(): Collect {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Collect;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

/** Started with `--optimize-for-size`, the desk keeps it; else it is on for a full collection only. */
const OPTIMIZES_FOR_SIZE = process.execArgv.includes('--optimize-for-size');

/**
 * A full collection that compacts the old generation as V8 does when it optimises for size,
 * moving the objects off many more partly empty pages: after a backlog the old generation's
 * pages held twice its live objects, and a plain collection freed few of them. On for this
 * collection only, so V8's heuristics under load stay its own.
 */
function collectFully(gc: Collect): void {
  if (OPTIMIZES_FOR_SIZE) {
    gc();
    return;
  }
  setFlagsFromString('--optimize-for-size');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-optimize-for-size');
  }
}

/** The heap's sizes now, and how busy the event loop was since `since`. */
function readHeap(since: EventLoopUtilization): HeapReading {
  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return {
    utilization: performance.eventLoopUtilization(since).utilization,
    newSpaceBytes: newSpace?.physical_space_size ?? 0,
    newSpaceUsedBytes: newSpace?.space_used_size ?? 0,
    heapBytes: getHeapStatistics().total_physical_size,
  };
}

/**
 * Settles the heap (see {@link YOUNG_COLLECTIONS}), unless work came back meanwhile, and then
 * calls `done` with the heap's size.
 */
function settle(gc: Collect, done: (heapBytes: number) => void): void {
  const started = performance.eventLoopUtilization();
  let left = YOUNG_COLLECTIONS;
  const step = () => {
    if (left > 0) {
      left -= 1;
      gc({ type: 'minor' });
      setTimeout(step, YOUNG_COLLECTION_SPACING_MS).unref();
      return;
    }
    if (performance.eventLoopUtilization(started).utilization >= QUIET_UTILIZATION) {
      done(getHeapStatistics().total_physical_size);
      return;
    }
    collectFully(gc);
    // The compacting collection empties pages that V8 releases only at the next one.
    setTimeout(() => {
      collectFully(gc);
      done(getHeapStatistics().total_physical_size);
    }, YOUNG_COLLECTION_SPACING_MS).unref();
  };
  step();
}

/**
 * The desk is listening: the young generation may grow again, the old one only to twice its
 * live size, and what starting left behind is collected once the desk is first quiet (half a
 * second or so after the address is printed, not while a health check waits on the first
 * answer), rather than whenever load next comes. From then on the heap is settled again each
 * time the desk goes quiet after it grew (a burst of captures, a backlog of deliveries).
 */
export function settleAfterStart(): void {
  setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`);
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  const gc = makeCollector();
  // Nothing settled yet: the first quiet half second collects what starting left behind.
  let settledHeapBytes = 0;
  let settling = false;
  let since = performance.eventLoopUtilization();
  let previous = readHeap(since);
  const timer = setInterval(() => {
    const reading = readHeap(since);
    since = performance.eventLoopUtilization();
    const quietAndGrown = shouldSettle(reading, previous, settledHeapBytes);
    previous = reading;
    if (!settling && quietAndGrown) {
      settling = true;
      settle(gc, (heapBytes) => {
        settledHeapBytes = heapBytes;
        settling = false;
        previous = readHeap(performance.eventLoopUtilization());
      });
    }
  }, SETTLE_CHECK_MS);
  timer.unref();
}
