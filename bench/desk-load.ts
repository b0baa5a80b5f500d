import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { type DeskProcess, startDeskProcess } from '../tests/helpers/desk-process.ts';
import { pacedLoad, percentile } from './paced-load.ts';

/** The page origin every benchmark request comes from (allowed by the desks it starts). */
export const BENCH_ORIGIN = 'http://127.0.0.1:4173';

/** A desk child process and how long it took from spawn to its first `GET /health` 200. */
export interface TimedDesk extends DeskProcess {
  coldStartMs: number;
}

/**
 * Starts the desk as `npm run desk` does (`desk/launch.mjs`, the compiled desk that `npm run
 * bench` builds first) and polls `/health` until it answers 200. The time includes Node,
 * opening the database and its migrations: what a restart costs.
 */
export async function startTimedDesk(env: Record<string, string>): Promise<TimedDesk> {
  const started = performance.now();
  const desk = await startDeskProcess(
    {
      DESK_ALLOWED_ORIGINS: BENCH_ORIGIN,
      DESK_LEADS_PER_MINUTE: '0',
      ...env,
    },
    'launcher',
  );
  for (;;) {
    const res = await fetch(`${desk.url}/health`).catch(() => null);
    if (res?.status === 200) {
      await res.body?.cancel();
      break;
    }
    await res?.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { ...desk, coldStartMs: performance.now() - started };
}

/** Stops a desk child with SIGTERM (its clean shutdown) and waits for it to exit. */
export async function stopDesk(desk: DeskProcess): Promise<void> {
  desk.child.kill('SIGTERM');
  await desk.exited;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * The widget's viewing-request body, unique per index: its own idempotency key and its own
 * conversation (the desk keeps at most three captures per conversation).
 */
export function captureBody(run: string, index: number): string {
  return JSON.stringify({
    kind: 'viewing-request',
    idempotencyKey: `${run}-${index}`,
    conversationId: `${run}-call-${index}`,
    toolCallId: `tool-${index}`,
    capturedAt: new Date().toISOString(),
    listing: {
      address: '14 Linden Court',
      price: '$450,000',
      id: 'MRR-14-LINDEN',
      agentName: 'Daniel',
    },
    fields: {
      preferredTimes: ['Saturday 2:00 PM'],
      name: `Visitor ${index}`,
      phone: `604 555 ${String(index % 10_000).padStart(4, '0')}`,
    },
    consent: {
      version: '0123456789abcdef',
      text: 'This call is recorded so our agents can follow up.',
      acceptedAt: new Date().toISOString(),
    },
    pageUrl: 'https://maple-ridge.example/listings/14-linden-court',
  });
}

/** POSTs {@link captureBody}'s capture number `index` to the desk at `url`; resolves its status. */
export async function postCapture(url: string, run: string, index: number): Promise<number> {
  const res = await fetch(`${url}/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
    body: captureBody(run, index),
  });
  await res.body?.cancel();
  return res.status;
}

/** The widget's transcript delivery for {@link captureBody}'s conversation: the call has ended. */
export function conversationBody(run: string, index: number): string {
  return JSON.stringify({
    kind: 'conversation',
    idempotencyKey: `${run}-conversation-${index}`,
    conversationId: `${run}-call-${index}`,
    messages: [
      { role: 'assistant', text: 'Hi, I can help with 14 Linden Court.', secondsFromStart: 0 },
      { role: 'user', text: 'Can I see it Saturday at two?', secondsFromStart: 4 },
    ],
  });
}

/** What one load run measured. */
export interface LoadResult {
  sent: number;
  /** Responses with a status other than 201. */
  notCreated: number;
  /** Socket errors and timeouts. */
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** A paced run's p99 over the requests due 4 s or more after its first (./paced-load.ts). */
  laterP99Ms?: number;
}

/**
 * POSTs `total` bodies to `url` from `connections` sockets, at `rate` requests per second
 * overall, evenly paced (./paced-load.ts), or as fast as the desk answers (autocannon) when
 * `rate` is 0, each body from `body(index)`.
 */
export async function load(options: {
  url: string;
  total: number;
  rate: number;
  connections: number;
  body: (index: number) => string;
}): Promise<LoadResult> {
  if (options.rate > 0) {
    const paced = await pacedLoad({
      ...options,
      headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
      expect: 201,
    });
    return {
      sent: paced.answered,
      notCreated: paced.unexpected,
      errors: paced.errors,
      perSecond: paced.perSecond,
      p50Ms: Math.round(percentile(paced.latencies, 0.5)),
      p99Ms: Math.round(percentile(paced.latencies, 0.99)),
      laterP99Ms: Math.round(percentile(paced.laterLatencies, 0.99)),
    };
  }
  let next = 0;
  let answered = 0;
  let notCreated = 0;
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    amount: options.total,
    ...(options.rate > 0 && { overallRate: options.rate }),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
        setupRequest: (request) => ({ ...request, body: options.body(next++) }),
        onResponse: (status) => {
          answered += 1;
          if (status !== 201) {
            notCreated += 1;
          }
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  // autocannon's own `sent` counts a socket's retried writes too; answers are what was sent.
  return {
    sent: answered,
    notCreated,
    errors: result.errors + result.timeouts,
    perSecond: answered / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/** The address a desk child prints once it listens (`Desk listening on http://…`). */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Desk listening on (http:\/\/[^\s]+)/.exec(text);
      if (match?.[1]) {
        resolve(match[1]);
      }
    });
  });
}

/** The delivery jobs still pending, from the desk's `GET /metrics` (`desk_jobs`). */
export async function deliveriesPending(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`).catch(() => null);
  if (res?.status !== 200) {
    await res?.body?.cancel();
    return Number.NaN;
  }
  let pending = 0;
  for (const line of (await res.text()).split('\n')) {
    if (/^desk_jobs\{(?=[^}]*kind="delivery")(?=[^}]*status="pending")/.test(line)) {
      pending += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return pending;
}

/** The environment of a desk child the profiles start (`node desk/launch.mjs`) on a free port. */
export function deskChildEnv(dataDir: string, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    DESK_PORT: '0',
    DESK_DATA_DIR: dataDir,
    DESK_ALLOWED_ORIGINS: BENCH_ORIGIN,
    DESK_LEADS_PER_MINUTE: '0',
    ...extra,
  };
}
