import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgresServer } from '../tests/helpers/postgres-server.ts';
import { captureBody, cpuMs, deskChildEnv, listeningUrl, load } from './desk-load.ts';
import { postmasterOf, serverCpuMs } from './server-cpu.ts';

// `npx tsx bench/profile-ingest.ts [pglite|postgres] [captures] [--prof]`: starts the compiled
// desk (`node desk/launch.mjs`, as `npm run desk` does), warms it up, sends captures as fast as
// it answers and prints the desk's CPU per capture (and on postgres the server's); with --prof,
// also the desk's top self-time functions from a V8 CPU profile. CPU per capture holds on a
// loaded machine where captures/s and latency do not.

const storage = process.argv[2] ?? 'pglite';
const total = Number(process.argv[3] ?? 2000);
const profile = process.argv.includes('--prof');

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function summarise(nodes: ProfileNode[], samples: number[], deltas: number[]): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  // Time under these functions (synchronous stacks only: an await cuts the stack).
  const watched = [
    'resolveViewingTimes',
    'parseCaptureBody',
    'assignCapture',
    'compileQuery',
    'readJsonBody',
    'storeCapture',
    'execProtocolRawSync',
    'parserOnHeadersComplete',
    'parserOnBody',
    'requestLog',
    'Logger',
    'LOG',
  ];
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const byArea = new Map<string, number>();
  let all = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1);
    const dt = deltas[i] ?? 0;
    if (!node) {
      continue;
    }
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id)?.callFrame.functionName ?? '';
      if (watched.includes(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      }
    }
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
    const key = `${functionName || '(anon)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const area = url.startsWith('wasm://')
      ? 'postgres (wasm)'
      : /pglite/.test(url)
        ? 'pglite'
        : /kysely/.test(url)
          ? 'kysely'
          : /hono/.test(url)
            ? 'hono'
            : /pino|thread-stream|sonic/.test(url)
              ? 'pino'
              : /node_modules\/pg/.test(url)
                ? 'pg'
                : /dist\/desk/.test(url)
                  ? 'desk'
                  : url.startsWith('node:')
                    ? 'node'
                    : functionName === '(idle)'
                      ? 'idle'
                      : functionName.startsWith('(')
                        ? functionName
                        : url === ''
                          ? 'native/wasm'
                          : 'other';
    byArea.set(area, (byArea.get(area) ?? 0) + dt);
    if (area !== 'idle') {
      all += dt;
    }
  }
  // Start-up and the warm-up's captures are in the profile too: a slight overstatement.
  const ms = (us: number) => `${(us / 1000 / total).toFixed(3)} ms/capture`;
  console.log(`\nbusy samples: ${(all / 1000).toFixed(0)} ms`);
  for (const [area, us] of [...byArea].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${area.padEnd(14)} ${ms(us)}`);
  }
  console.log('\ninclusive (sync stacks):');
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${name.padEnd(24)} ${ms(us)}`);
  }
  console.log('\ntop self time:');
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`  ${ms(us).padEnd(18)} ${key}`);
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'desk-prof-'));
const profDir = join(dataDir, 'prof');
const server = storage === 'postgres' ? await startPostgresServer() : null;
const child = spawn(
  process.execPath,
  [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'desk/launch.mjs'],
  {
    env: deskChildEnv(dataDir, server ? { DATABASE_URL: server.url } : {}),
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const url = await listeningUrl(child);
const exited = new Promise((resolve) => child.once('exit', resolve));
const pid = child.pid ?? 0;
const run = `prof${Date.now()}`;
await load({
  url: `${url}/leads`,
  total: 500,
  rate: 0,
  connections: 10,
  body: (i) => captureBody(`${run}w`, i),
});
const postmaster = server ? await postmasterOf(server.url) : null;
const before = await cpuMs(pid);
const serverBefore = postmaster ? await serverCpuMs(postmaster) : 0;
const result = await load({
  url: `${url}/leads`,
  total,
  rate: 0,
  connections: 10,
  body: (i) => captureBody(run, i),
});
const used = (await cpuMs(pid)) - before;
const serverUsed = postmaster ? (await serverCpuMs(postmaster)) - serverBefore : null;
console.log(
  `${storage}: ${result.sent} sent, ${result.notCreated} not 201, ${result.errors} errors; ` +
    `${result.perSecond.toFixed(0)}/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; ` +
    `desk CPU ${(used / result.sent).toFixed(2)} ms per capture` +
    (serverUsed === null
      ? ''
      : `, server CPU ${(serverUsed / result.sent).toFixed(2)} ms per capture`),
);
child.kill('SIGTERM');
await exited;
if (profile) {
  const [file] = await readdir(profDir);
  const data = JSON.parse(await readFile(join(profDir, file ?? ''), 'utf8'));
  // Kept for a closer look (Chrome DevTools opens it).
  await copyFile(join(profDir, file ?? ''), join(tmpdir(), `desk-ingest-${storage}.cpuprofile`));
  summarise(data.nodes, data.samples, data.timeDeltas);
}
await server?.stop();
await rm(dataDir, { recursive: true, force: true });
