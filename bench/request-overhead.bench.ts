import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../widget/api/client.ts';
import type { BenchReport } from './bench-types.ts';

// GET /call/{id} through the API client against bare fetch doing the same work (same URL,
// Authorization header, JSON parse) on a loopback server. Each sample times a batch of bare
// requests next to a batch of client requests (order alternating), and the figure is the median
// of the per-sample ratios: neighbours in time share the load of a busy machine, so drift cancels.

const BATCH = 10;
const SAMPLES = 400;
const WARMUP = 500;
const TOKEN = 'bench-token';
const CALL = JSON.stringify({
  id: 'c1',
  type: 'webCall',
  status: 'ended',
  assistantId: 'a1',
  createdAt: '2025-01-01T00:00:00.000Z',
  cost: 0.12,
  messages: [{ role: 'assistant', message: 'Hello, how can I help with your listing?' }],
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timeBatch(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    await run();
  }
  return (performance.now() - started) / BATCH;
}

/** Request overhead of the client against bare fetch, as a median ratio. */
export default async function requestOverhead(): Promise<BenchReport> {
  const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
    api?: { requestOverheadRatio?: number };
  };
  const limit = budgets.api?.requestOverheadRatio ?? 1.05;
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(CALL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createApiClient({ token: TOKEN, baseUrl });
  const bare = async () => {
    const response = await fetch(`${baseUrl}/call/c1`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (!response.ok) {
      throw new Error(`HTTP ${response.status}`);
    }
    return response.json();
  };
  const viaClient = () => client.calls.get('c1');

  try {
    for (let i = 0; i < WARMUP; i++) {
      await bare();
      await viaClient();
    }
    const bareTimes: number[] = [];
    const clientTimes: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const first = i % 2 === 0;
      const a = await timeBatch(first ? bare : viaClient);
      const b = await timeBatch(first ? viaClient : bare);
      const [bareTime, clientTime] = first ? [a, b] : [b, a];
      bareTimes.push(bareTime);
      clientTimes.push(clientTime);
      ratios.push(clientTime / bareTime);
    }
    const bareMedian = median(bareTimes);
    const clientMedian = median(clientTimes);
    const ratio = median(ratios);
    return {
      title: 'API client request overhead vs bare fetch (loopback)',
      rows: [
        { path: 'bare fetch + res.json()', 'median µs/request': (bareMedian * 1000).toFixed(1) },
        { path: 'client.calls.get(id)', 'median µs/request': (clientMedian * 1000).toFixed(1) },
        { path: 'median of per-sample ratios', 'median µs/request': ratio.toFixed(3) },
      ],
      failures:
        ratio > limit
          ? [`API client request overhead ratio ${ratio.toFixed(3)} > budget ${limit}`]
          : [],
      notes: [
        `${SAMPLES} samples, each ${BATCH} bare + ${BATCH} client sequential GETs in alternating order, after ${WARMUP} warm-up pairs; Node ${process.version}`,
      ],
    };
  } finally {
    server.close();
  }
}
