import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  captureBody,
  cpuMs,
  deliveriesPending,
  deskChildEnv,
  listeningUrl,
  load,
} from './desk-load.ts';

// `npx tsx bench/profile-blocks.ts [captures] [rate] [--prof]`: the ingest bench's load on a new
// PGlite desk (the compiled desk, `node desk/launch.mjs`; `npm run build:desk` first), then the
// wait until the agents' alerts it queued are out. Prints ingest p50/p99, the desk's CPU per
// capture during the load and per alert after it, and the event loop's delay each second
// (./loop-delay-probe.mjs). With --prof, also a V8 CPU profile's busy stretches (no idle sample
// between), the longest with what ran in them. On a shared machine the CPU per job and the
// loop's delays hold better than p99 does.

const total = Number(process.argv[2] ?? 3000);
const rate = Number(process.argv[3] ?? 300);
const profile = process.argv.includes('--prof');
const delays: { at: number; max: number; p99: number }[] = [];

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** What a sample's stack is doing, from its frames (leaf first), in the words of this report. */
function areaOf(frames: readonly ProfileNode['callFrame'][]): string {
  const names = frames.map((f) => f.functionName);
  const urls = frames.map((f) => f.url).join(' ');
  const leaf = names[0] ?? '';
  if (leaf === '(garbage collector)') {
    return 'gc';
  }
  if (names.includes('analyzeMostChangedTable')) {
    return 'upkeep analyze';
  }
  if (/nodemailer/.test(urls)) {
    return 'nodemailer';
  }
  if (names.some((n) => /^(composeEmail|composeReply|emailText|viewingInviteText)$/.test(n))) {
    return 'email compose';
  }
  if (names.some((n) => /^(claimJobs|finishJob|renewLease)$/.test(n))) {
    return 'job SQL';
  }
  if (/pglite|^wasm:/.test(urls) || frames.some((f) => f.url.startsWith('wasm://'))) {
    return 'pglite';
  }
  if (/kysely/.test(urls)) {
    return 'kysely';
  }
  if (/hono|node:_http|_http_/.test(urls) || names.includes('parserOnHeadersComplete')) {
    return 'http';
  }
  if (/pino|thread-stream|sonic/.test(urls)) {
    return 'log';
  }
  if (/dist\/desk/.test(urls)) {
    return 'desk js';
  }
  return leaf.startsWith('(') ? leaf : 'other';
}

function summarise(
  nodes: ProfileNode[],
  samples: number[],
  deltas: number[],
  startUs: number,
  window: { loadStart: number; loadEnd: number; drained: number },
): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  const areaCache = new Map<number, string>();
  const stackOf = (id: number) => {
    const frames: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node) {
        frames.push(node.callFrame);
      }
    }
    return frames;
  };
  const area = (id: number) => {
    let a = areaCache.get(id);
    if (a === undefined) {
      a = areaOf(stackOf(id));
      areaCache.set(id, a);
    }
    return a;
  };
  interface Block {
    at: number;
    us: number;
    areas: Map<string, number>;
    desk: Map<string, number>;
  }
  const blocks: Block[] = [];
  const phaseAreas = { load: new Map<string, number>(), drain: new Map<string, number>() };
  let current: Block | null = null;
  let t = startUs;
  for (let i = 0; i < samples.length; i++) {
    const dt = deltas[i] ?? 0;
    t += dt;
    const id = samples[i] ?? -1;
    const name = byId.get(id)?.callFrame.functionName ?? '';
    const ms = t / 1000;
    const phase =
      ms >= window.loadStart && ms < window.loadEnd
        ? phaseAreas.load
        : ms >= window.loadEnd && ms < window.drained
          ? phaseAreas.drain
          : null;
    if (name === '(idle)') {
      current = null;
      continue;
    }
    const a = area(id);
    if (phase) {
      phase.set(a, (phase.get(a) ?? 0) + dt);
    }
    if (!current) {
      current = { at: ms, us: 0, areas: new Map(), desk: new Map() };
      blocks.push(current);
    }
    current.us += dt;
    current.areas.set(a, (current.areas.get(a) ?? 0) + dt);
    // The innermost desk function on the stack names the work that led there.
    const deskFrame = stackOf(id).find((f) => /dist\/desk/.test(f.url) && f.functionName);
    const key = deskFrame ? deskFrame.functionName : '(no desk frame)';
    current.desk.set(key, (current.desk.get(key) ?? 0) + dt);
  }
  const inWindow = blocks.filter((b) => b.at >= window.loadStart && b.at < window.drained);
  const fmt = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`)
      .join(', ');
  for (const [label, from, to] of [
    ['load', window.loadStart, window.loadEnd],
    ['drain', window.loadEnd, window.drained],
  ] as const) {
    const mine = inWindow.filter((b) => b.at >= from && b.at < to);
    const over = (ms: number) => mine.filter((b) => b.us / 1000 > ms).length;
    console.log(
      `\n${label}: ${mine.length} busy stretches; > 5 ms: ${over(5)}, > 10 ms: ${over(10)}, > 20 ms: ${over(20)}, > 50 ms: ${over(50)}`,
    );
    console.log(
      `  busy ms by area: ${fmt(label === 'load' ? phaseAreas.load : phaseAreas.drain, 12)}`,
    );
    console.log(
      '  longest (ms after the load began: length; areas ms; innermost desk functions ms):',
    );
    for (const b of [...mine].sort((x, y) => y.us - x.us).slice(0, 12)) {
      console.log(
        `  +${(b.at - window.loadStart).toFixed(0)} ms: ${(b.us / 1000).toFixed(1)} ms; ${fmt(b.areas, 5)}; ${fmt(b.desk, 5)}`,
      );
    }
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'desk-blocks-'));
const profDir = join(dataDir, 'prof');
const child = spawn(
  process.execPath,
  [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    '--import',
    new URL('./loop-delay-probe.mjs', import.meta.url).pathname,
    'desk/launch.mjs',
  ],
  {
    env: deskChildEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let errText = '';
child.stderr?.on('data', (chunk: Buffer) => {
  errText += chunk.toString();
  const lines = errText.split('\n');
  errText = lines.pop() ?? '';
  for (const line of lines) {
    const m = /^loop-delay (\d+) max ([\d.]+) p99 ([\d.]+)/.exec(line);
    if (m) {
      delays.push({ at: Number(m[1]), max: Number(m[2]), p99: Number(m[3]) });
    } else {
      process.stderr.write(`${line}\n`);
    }
  }
});
const url = await listeningUrl(child);
const exited = new Promise((resolve) => child.once('exit', resolve));
const pid = child.pid ?? 0;
await new Promise((resolve) => setTimeout(resolve, 3000));
const run = `blocks${Date.now()}`;
const cpu0 = await cpuMs(pid);
// performance.timeOrigin + now() is wall time in ms, the profile's clock is the monotonic one:
// both are read here and the profile's are shifted by the profile's own start below.
const loadStart = Date.now();
const result = await load({
  url: `${url}/leads`,
  total,
  rate,
  connections: 10,
  body: (i) => captureBody(run, i),
});
const loadEnd = Date.now();
const cpu1 = await cpuMs(pid);
const pendingAtEnd = await deliveriesPending(url);
while ((await deliveriesPending(url)) > 0 && Date.now() - loadEnd < 180_000) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const drained = Date.now();
const cpu2 = await cpuMs(pid);
console.log(
  `${result.sent} sent at ${rate}/s, ${result.notCreated} not 201, ${result.errors} errors; ` +
    `${result.perSecond.toFixed(0)}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms\n` +
    `desk CPU during the load ${((cpu1 - cpu0) / result.sent).toFixed(2)} ms per capture; ` +
    `${pendingAtEnd} alerts pending at its end, out ${((drained - loadEnd) / 1000).toFixed(1)} s later, ` +
    `${pendingAtEnd > 0 ? ((cpu2 - cpu1) / pendingAtEnd).toFixed(2) : '-'} ms CPU per alert after it`,
);
child.kill('SIGTERM');
await exited;
for (const [label, from, to] of [
  ['load', loadStart, loadEnd + 1000],
  ['drain', loadEnd + 1000, drained + 1000],
] as const) {
  const seconds = delays.filter((d) => d.at > from && d.at <= to);
  const maxes = seconds.map((d) => d.max);
  console.log(
    `event loop delay, ${label} (${seconds.length} s): max ${Math.max(...maxes).toFixed(0)} ms; ` +
      `per-second max, median ${maxes.sort((a, b) => a - b)[Math.floor(maxes.length / 2)]?.toFixed(0)} ms; ` +
      `per-second p99s ${seconds.map((d) => d.p99.toFixed(0)).join(' ')}`,
  );
}
if (!profile) {
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const [file] = await readdir(profDir);
const data = JSON.parse(await readFile(join(profDir, file ?? ''), 'utf8'));
await copyFile(join(profDir, file ?? ''), join(tmpdir(), 'desk-blocks.cpuprofile'));
// The profile's clock (µs) is not the wall clock: its end is taken as the exit's wall time.
const spanUs = (data.endTime as number) - (data.startTime as number);
const exitWall = Date.now();
const offsetMs = exitWall - spanUs / 1000 - data.startTime / 1000;
summarise(data.nodes, data.samples, data.timeDeltas, data.startTime, {
  loadStart: loadStart - offsetMs,
  loadEnd: loadEnd - offsetMs,
  drained: drained - offsetMs,
});
await rm(dataDir, { recursive: true, force: true });
