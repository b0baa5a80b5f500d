import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../desk/storage/database.ts';
import { bundleDesk } from '../../scripts/desk-bundle.ts';
import { leadBody, postJson, TEST_ORIGIN, until } from '../helpers/desk-harness.ts';

// Issue 28: a brokerage's production install. The files a deploy ships go into an empty folder,
// `npm ci --omit=dev` installs the desk's runtime packages and nothing else (no tsx, no vite),
// and `npm run desk` runs the compiled desk. A process manager then stops it with SIGTERM to
// npm's process while a delivery is in flight: the delivery finishes, nothing is left running,
// and the port is free.

const run = promisify(execFile);
/** What a deploy ships besides dist/: the manifests, the launcher, the brokerage's config. */
const SHIPPED = [
  'package.json',
  'package-lock.json',
  'desk/package.json',
  'desk/launch.mjs',
  'assistant.config.json',
];
const INBOX_MARKER = '<title>inbox fixture</title>';
const WEBHOOK_SECRET = `whsec_${Buffer.from('production-install-test-secret').toString('base64')}`;

let folder: string;
let dataDir: string;
let receiver: SlowReceiver;
let npm: ChildProcess;
let npmExit: Promise<number | null>;
let output = '';
let url: string;
/** npm's children and theirs, recorded while the desk runs, so a failure leaves none behind. */
let tree: number[] = [];

/** A webhook endpoint that holds each request until the test lets it answer 200. */
interface SlowReceiver {
  url: string;
  /** Resolves when the first request has arrived. */
  arrived: Promise<void>;
  release(): void;
  server: Server;
}

async function startSlowReceiver(): Promise<SlowReceiver> {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrive();
      released.then(() => res.writeHead(200).end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hook`, arrived, release, server };
}

/** The environment of a service unit: PATH and HOME, and the desk's own settings. */
function deskEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DESK_PORT: '0',
    DESK_DATA_DIR: dataDir,
    DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
    DESK_WEBHOOK_URL: receiver.url,
    DESK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DESK_LOG_LEVEL: 'warn',
  };
}

/** Every process descending from `pid` (from /proc), the desk among them. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of parents) {
      if (of === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'desk-install-'));
  dataDir = join(folder, 'data');
  for (const file of SHIPPED) {
    await mkdir(join(folder, file, '..'), { recursive: true });
    await cp(file, join(folder, file));
  }
  await bundleDesk(join(folder, 'dist/desk'));
  // The inbox build is the browser tests' business; a stand-in index.html shows the compiled
  // desk still finds dist/inbox beside it.
  await mkdir(join(folder, 'dist/inbox'), { recursive: true });
  await writeFile(join(folder, 'dist/inbox/index.html'), `<!doctype html>${INBOX_MARKER}`);
  receiver = await startSlowReceiver();
  // The embedded database is made (initdb, migrations) while npm installs: two slow steps at once.
  const install = run(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: folder, env: { PATH: process.env.PATH, HOME: process.env.HOME }, timeout: 180_000 },
  );
  const database = await openDatabase({ kind: 'embedded', dataDir: join(dataDir, 'db') });
  await database.close();
  await install;
}, 240_000);

afterAll(async () => {
  if (npm?.exitCode === null) {
    npm.kill('SIGKILL');
  }
  for (const pid of tree.filter(alive)) {
    process.kill(pid, 'SIGKILL');
  }
  receiver?.release();
  await new Promise((resolve) => receiver?.server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev, then npm run desk)', () => {
  it('installs the runtime packages only, and the compiled desk answers /health and the inbox', async () => {
    expect(existsSync(join(folder, 'node_modules/hono'))).toBe(true);
    expect(existsSync(join(folder, 'node_modules/@electric-sql/pglite'))).toBe(true);
    for (const devOnly of ['tsx', 'vite', 'typescript', 'esbuild', 'vitest']) {
      expect(existsSync(join(folder, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    npm = spawn('npm', ['run', 'desk'], { cwd: folder, env: deskEnv(), stdio: 'pipe' });
    npmExit = new Promise((resolve) => npm.once('exit', (code) => resolve(code)));
    npm.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    npm.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    url = await until(
      () => {
        if (npm.exitCode !== null) {
          throw new Error(`npm run desk exited (${npm.exitCode}):\n${output}`);
        }
        return /Desk listening on (http:\/\/\S+)/.exec(output)?.[1];
      },
      'the desk to listen',
      60_000,
    );
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    const page = await fetch(`${url}/inbox/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(INBOX_MARKER);
  });

  it('stops cleanly on SIGTERM to npm mid-delivery: the delivery finishes, nothing is left, the port is free', async () => {
    expect(url).toBeDefined();
    const port = Number(new URL(url).port);
    const created = await postJson(
      `${url}/leads`,
      leadBody({ conversationId: null, toolCallId: null }),
    );
    expect(created.status).toBe(201);
    await receiver.arrived;
    tree = descendants(npm.pid ?? 0);
    expect(tree.length).toBeGreaterThan(0);

    npm.kill('SIGTERM');
    // It stops taking requests at once, while the delivery in hand goes on.
    await until(
      () =>
        fetch(`${url}/health`).then(
          (res) => res.body?.cancel().then(() => false),
          () => true,
        ),
      'the desk to stop listening',
    );
    expect(tree.filter(alive)).toEqual(tree);
    receiver.release();

    expect(await npmExit).toBe(0);
    expect(tree.filter(alive)).toEqual([]);
    const probe = createNetServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => probe.close(resolve));
    expect(output).not.toContain('still in hand');

    // The CLI of the same install reads the stopped desk's database: the webhook was delivered.
    const { stdout } = await run('npm', ['run', '--silent', 'desk', '--', 'deliveries', '--json'], {
      cwd: folder,
      env: deskEnv(),
      timeout: 60_000,
    });
    const jobs = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { adapter: string; status: string });
    expect(jobs.find((j) => j.adapter === 'webhook')?.status).toBe('delivered');
  });

  it('says in one line that the port is taken, naming it and DESK_PORT', async () => {
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const failed = await run(process.execPath, ['desk/launch.mjs'], {
        cwd: folder,
        env: { ...deskEnv(), DESK_PORT: String(port) },
        timeout: 60_000,
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr.trim().split('\n')).toEqual([
        `Port ${port} on 127.0.0.1 is already in use: stop what holds it, or set DESK_PORT to a free port.`,
      ]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
