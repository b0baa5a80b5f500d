import { Agent, request } from 'node:http';

// The ingest budget's load (issue 31 #13: 300 captures a second, p99 ≤ 50 ms). autocannon's
// `overallRate` gives each socket its share of a second and sends it when the second starts: the
// load came as one burst a second. Its correction for requests a slow answer held back assumes
// one was due every `ceil(1 / rate)` = 1 ms, so each answer of n ms was recorded as n answers (n,
// n - 1, … 1 ms): a few slow answers made most of the tail. This paces the requests evenly and
// times each from when it fell due, which counts a stall in full for every request it held back.

/** What one paced run measured. */
export interface PacedResult {
  answered: number;
  /** Answers with a status other than `expect`. */
  unexpected: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers a second, from the first request's due time to the last answer. */
  perSecond: number;
  /** Latencies from due time to answer, sorted, in ms. */
  latencies: number[];
  /** The same for the requests due {@link LATER_MS} or more after the first: a started desk's. */
  laterLatencies: number[];
}

/**
 * From here on a new desk is warm: its first captures take ten times a warm one's (a cold JIT, new
 * database sessions preparing their statements), and at 300 a second the backlog they leave takes
 * about three seconds to answer. The bench's budget is judged on every request; this is shown
 * beside it, so a start and a steady state can be told apart.
 */
export const LATER_MS = 4000;

/** How long one request may take before it counts as an error. */
const TIMEOUT_MS = 10_000;

function post(agent: Agent, url: URL, headers: Record<string, string>, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POSTs `total` bodies at `rate` a second overall, evenly spaced, from `connections` keep-alive
 * sockets: each sends its next request when it falls due or, if the one before is still out, the
 * moment that one is answered. Each latency runs from the request's due time to its answer.
 */
export async function pacedLoad(options: {
  url: string;
  total: number;
  rate: number;
  connections: number;
  headers: Record<string, string>;
  body: (index: number) => string;
  expect: number;
}): Promise<PacedResult> {
  const { total, rate, connections } = options;
  const url = new URL(options.url);
  const gapMs = 1000 / rate;
  const latencies: number[] = [];
  const laterLatencies: number[] = [];
  let unexpected = 0;
  let errors = 0;
  let lastAnswer = 0;
  const started = performance.now() + 50;
  const socket = async (first: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let index = first; index < total; index += connections) {
        const due = started + index * gapMs;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
        try {
          const status = await post(agent, url, options.headers, options.body(index));
          if (status !== options.expect) {
            unexpected += 1;
          }
          lastAnswer = performance.now();
          latencies.push(lastAnswer - due);
          if (due - started >= LATER_MS) {
            laterLatencies.push(lastAnswer - due);
          }
        } catch {
          errors += 1;
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, c) => socket(c)));
  latencies.sort((a, b) => a - b);
  laterLatencies.sort((a, b) => a - b);
  return {
    answered: latencies.length,
    unexpected,
    errors,
    perSecond: latencies.length / ((lastAnswer - started) / 1000),
    latencies,
    laterLatencies,
  };
}

/** The value below which `share` of the sorted `values` fall. */
export function percentile(values: readonly number[], share: number): number {
  return values[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ?? Number.NaN;
}
