import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { type PreviewServer, preview } from 'vite';
import { parsePort } from './port.ts';
import { startPlan } from './start-plan.ts';

// npm start: builds the site (with --build) with its widgets' lead-endpoint at the desk, serves
// dist/site as a static host would (site/server/preview-routes.ts) on 127.0.0.1:PORT (4173), and
// runs the desk (`desk/cli.ts start --demo`) beside it on DESK_PORT (8787), allowing the
// preview's origin. A port in use, or a desk that cannot start, stops it with the reason;
// SIGINT/SIGTERM stop both.

const DESK_READY_MS = 60_000;

let port: number;
try {
  port = parsePort(process.env.PORT);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const plan = startPlan(port, process.env);

if (process.argv.includes('--build')) {
  console.info(`Building the site with its leads going to ${plan.leadEndpoint}`);
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_LEAD_ENDPOINT: plan.leadEndpoint },
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

let server: PreviewServer;
try {
  server = await preview({ preview: { port, strictPort: true } });
} catch (error) {
  const inUse =
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /already in use/i.test(String(error));
  console.error(
    inUse
      ? `Port ${port} is already in use. Start on another one: PORT=${port + 1} npm start`
      : String(error),
  );
  process.exit(1);
}

const desk: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', 'desk/cli.ts', 'start', '--demo'],
  { stdio: 'inherit', env: { ...process.env, ...plan.deskEnv } },
);
let stopping = false;

/** Stops the preview and the desk (waiting for it), then exits with `code`. */
async function stopAll(code: number): Promise<never> {
  stopping = true;
  if (desk.exitCode === null && desk.signalCode === null) {
    const exited = new Promise((resolve) => desk.once('exit', resolve));
    desk.kill('SIGTERM');
    await exited;
  }
  await server.close();
  process.exit(code);
}

desk.once('exit', (code) => {
  if (!stopping) {
    console.error(
      `The desk stopped (exit code ${code}); stopping npm start. See its message above.`,
    );
    void stopAll(1);
  }
});
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

/** Resolves once the desk answers GET /health, or rejects after DESK_READY_MS. */
async function deskReady(): Promise<void> {
  const until = Date.now() + DESK_READY_MS;
  while (Date.now() < until && !stopping) {
    const ok = await fetch(`${plan.deskUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await delay(200);
  }
  throw new Error(`The desk did not answer ${plan.deskUrl}/health within ${DESK_READY_MS} ms`);
}

try {
  await deskReady();
} catch (error) {
  if (!stopping) {
    console.error((error as Error).message);
    await stopAll(1);
  }
}
if (!stopping) {
  server.printUrls();
  console.info(`  ➜  Desk:    ${plan.deskUrl}/ (leads: ${plan.leadEndpoint})`);
}
