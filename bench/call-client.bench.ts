import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { createFakeDaily, fakeMediaDevices } from '../tests/helpers/fake-daily.ts';
import { CallClient } from '../widget/call/call-client.ts';
import type { BenchReport } from './bench-types.ts';
import { type CompressedSize, compressedSize } from './compressed-size.ts';
import { kb } from './format-table.ts';

// Two figures for the call client (issue 4):
// - gzip size of the client without daily-js: an entry importing CallClient is bundled by Vite
//   (minified, tree-shaken, daily-js external), as a host app would bundle it;
// - CPU time of start() excluding awaited I/O: start() runs against the fake room and a
//   createWebCall that answers at once, so the measured time is the client's own work.

interface CallBudgets {
  callClient?: { gzipBytes?: number; startMedianMs?: number };
}

const STARTS = 300;
const WARM_UP = 50;

interface ChunkSizes {
  /** What a page pays up front: the chunk that defines CallClient. */
  entry: Size;
  /** Loaded at the first start with the default createWebCall: the API core + calls resource. */
  lazy: Size;
}
type Size = CompressedSize;

async function bundleSize(): Promise<ChunkSizes> {
  const dir = mkdtempSync(join(tmpdir(), 'call-client-size-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `export { CallClient } from '${resolve('widget/call/call-client.ts')}';\n`,
    );
    const out = join(dir, 'out');
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir: out,
        minify: true,
        target: 'es2022',
        reportCompressedSize: false,
        modulePreload: false,
        rollupOptions: {
          input: entry,
          external: ['@daily-co/daily-js'],
          preserveEntrySignatures: 'exports-only',
          output: { entryFileNames: 'call-client.js', chunkFileNames: '[name].js' },
        },
      },
    });
    const files = readdirSync(out, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    const entryCode = readFileSync(join(out, 'call-client.js'));
    const lazyCode = Buffer.concat(
      files.filter((f) => f !== 'call-client.js').map((f) => readFileSync(join(out, f))),
    );
    if (entryCode.includes('createCallObject') && !entryCode.includes('@daily-co/daily-js')) {
      throw new Error('daily-js was bundled into the call client');
    }
    if (entryCode.includes('api.vapi.ai')) {
      throw new Error('the API client is in the entry chunk; it should load lazily');
    }
    return { entry: compressedSize(entryCode), lazy: compressedSize(lazyCode) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function startTimes(): Promise<{ median: number; p95: number; cpuPerStart: number }> {
  const daily = createFakeDaily();
  const media = fakeMediaDevices();
  const client = new CallClient({
    createWebCall: async () => ({ id: 'bench', webCallUrl: 'https://example.daily.co/bench' }),
    transportFactory: daily.factory,
    mediaDevices: media.mediaDevices,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
  });
  const samples: number[] = [];
  let cpuMicros = 0;
  for (let i = 0; i < WARM_UP + STARTS; i++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const result = await client.start({ assistant: 'bench' });
    const elapsed = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    if (!result || client.state !== 'connected') {
      throw new Error('the benchmark call did not connect');
    }
    if (i >= WARM_UP) {
      samples.push(elapsed);
      cpuMicros += used.user + used.system;
    }
    await client.stop();
  }
  samples.sort((a, b) => a - b);
  return {
    median: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    cpuPerStart: cpuMicros / 1000 / STARTS,
  };
}

/** Call-client size without daily-js and start() CPU time, against bench/budgets.json. */
export default async function callClientBench(): Promise<BenchReport> {
  const budgets =
    (JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as CallBudgets).callClient ?? {};
  const sizeLimit = budgets.gzipBytes ?? 8192;
  const timeLimit = budgets.startMedianMs ?? 2;
  const size = await bundleSize();
  const times = await startTimes();
  const failures: string[] = [];
  if (size.entry.gzip > sizeLimit) {
    failures.push(`call client: gzip ${size.entry.gzip} B > budget ${sizeLimit} B`);
  }
  if (times.median > timeLimit) {
    failures.push(`call client: start() median ${times.median.toFixed(3)} ms > ${timeLimit} ms`);
  }
  const describe = (s: Size) => `${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`;
  return {
    title: 'Call client',
    rows: [
      {
        measure: 'call client, without daily-js (page load)',
        value: describe(size.entry),
        budget: `${kb(sizeLimit)} gzip`,
      },
      {
        measure: '+ API client, loaded at the first start',
        value: describe(size.lazy),
        budget: '-',
      },
      {
        measure: '= everything a real call loads but daily-js',
        value: `${kb(size.entry.gzip + size.lazy.gzip)} gzip`,
        budget: '-',
      },
      {
        measure: `start() with the fake room, ${STARTS} runs`,
        value: `median ${times.median.toFixed(3)} ms, p95 ${times.p95.toFixed(3)} ms, CPU ${times.cpuPerStart.toFixed(3)} ms/start`,
        budget: `median ${timeLimit} ms`,
      },
    ],
    failures,
    notes: [
      'size: Vite build (minified, tree-shaken) of an entry exporting CallClient, daily-js external, gzip level 9',
      'time: wall time of await start() with I/O answered at once (so it is the client’s own CPU work), after a warm-up; CPU from process.cpuUsage',
      'for comparison the platform SDK plus its always-bundled REST client is 23 KB gzip',
    ],
  };
}
