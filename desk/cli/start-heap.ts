import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Issue 31 #15: the desk's memory, idle and busy. Starting allocates a great deal that lives on
// (modules, PGlite's file system) and a great deal that does not (the WebAssembly file's 10 MB,
// PGlite's 6 MB file bundle, the build of every module). V8 doubles its young generation each
// time much of it survives, and starting made it 32 MB (two 16 MB halves, both touched) that an
// idle desk then kept, beside the start's garbage, which nothing collects while the desk waits.
// So desk/launch.mjs holds the young generation at its first size while the desk starts, and
// once it listens this lets it grow again under load and collects the start's garbage once.
// Under load, V8 let the old generation grow to four times what the last full collection kept
// (GC is cheap, and a machine of 24 GB lets it): 35 MB of live objects, 170 MB of heap after
// 3,000 captures. Twice what was kept bounds that without a cost per capture one can measure.

/** V8's own growth factor for the young generation, given back once the desk listens. */
const V8_DEFAULT_GROWTH = 2;

/** The old generation may grow to twice what the last full collection kept. */
const OLD_GENERATION_GROWTH_PERCENT = 100;

/**
 * The desk is listening: the young generation may grow again, the old one only to twice its
 * live size, and what starting left behind is collected now, after the address is printed,
 * rather than whenever load next comes.
 */
export function settleAfterStart(): void {
  setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`);
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  // One full collection, from a context of its own: `gc` is never exposed to the desk's code.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  setImmediate(collect);
}
