import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Issue 31 #15: an idle desk's memory. Starting allocates a great deal that lives on (modules,
// PGlite's file system) and a great deal that does not (the WebAssembly file's 10 MB, PGlite's
// 6 MB file bundle, the build of every module). V8 doubles its young generation each time much
// of it survives, and starting made it 32 MB (two 16 MB halves, both touched) that an idle desk
// then kept, beside the start's garbage, which nothing collects while the desk waits. So
// desk/launch.mjs holds the young generation at its first size while the desk starts, and once
// it listens this lets it grow again under load and collects the start's garbage once.

/** V8's own growth factor for the young generation, given back once the desk listens. */
const V8_DEFAULT_GROWTH = 2;

/**
 * The desk is listening: the young generation may grow again, and what starting left behind is
 * collected now, after the address is printed, rather than whenever load next comes.
 */
export function settleAfterStart(): void {
  setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH}`);
  // One full collection, from a context of its own: `gc` is never exposed to the desk's code.
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  setImmediate(collect);
}
