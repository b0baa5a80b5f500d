// Loaded into the desk by bench/profile-blocks.ts (`node --import`): once a second, the event
// loop's delay over that second (perf_hooks.monitorEventLoopDelay, 1 ms resolution) as one
// line on stderr, for the bench to read beside its load.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
setInterval(() => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  process.stderr.write(
    `loop-delay ${Date.now()} max ${ms(histogram.max)} p99 ${ms(histogram.percentile(99))} mean ${ms(histogram.mean)}\n`,
  );
  histogram.reset();
}, 1000).unref();
