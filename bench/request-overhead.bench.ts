import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../widget/api/client.ts';
import type { BenchReport } from './bench-types.ts';

// GET /call/{id} through the API client against bare fetch doing the same work (same URL,
// Authorization header, JSON parse) on a loopback server in this process. Each sample times a
// batch of bare requests next to a batch of client requests (order alternating); the figures are
// medians of the per-sample ratios, so drift on a busy machine hits both sides alike. Wall time
// is what a caller waits; process CPU time (client and server share the process) is what the
// client costs, and other processes on the machine barely move it, so the budget applies to it.

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

const us = (ms: number) => (ms * 1000).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Milliseconds of wall time and of process CPU time per request, over one batch. */
async function timeBatch(run: () => Promise<unknown>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    await run();
  }
  const used = process.cpuUsage(cpu);
  return [(performance.now() - started) / BATCH, (used.user + used.system) / 1000 / BATCH];
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
    const wallRatios: number[] = [];
    const cpuRatios: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const first = i % 2 === 0;
      const a = await timeBatch(first ? bare : viaClient);
      const b = await timeBatch(first ? viaClient : bare);
      const [bareTime, clientTime] = first ? [a, b] : [b, a];
      bareTimes.push(bareTime[0]);
      clientTimes.push(clientTime[0]);
      wallRatios.push(clientTime[0] / bareTime[0]);
      cpuRatios.push(clientTime[1] / bareTime[1]);
    }
    const ratio = median(cpuRatios);
    return {
      title: 'API client request overhead vs bare fetch (loopback)',
      rows: [
        { measure: 'bare fetch + res.json(), µs/request (wall)', value: us(median(bareTimes)) },
        { measure: 'client.calls.get(id), µs/request (wall)', value: us(median(clientTimes)) },
        { measure: 'ratio client / bare, wall time', value: median(wallRatios).toFixed(3) },
        { measure: 'ratio client / bare, CPU time (budget)', value: ratio.toFixed(3) },
      ],
      failures:
        ratio > limit
          ? [`API client request overhead (CPU) ratio ${ratio.toFixed(3)} > budget ${limit}`]
          : [],
      notes: [
        `${SAMPLES} samples, each ${BATCH} bare + ${BATCH} client sequential GETs in alternating order, after ${WARMUP} warm-up pairs; Node ${process.version}`,
      ],
    };
  } finally {
    server.close();
  }
}
