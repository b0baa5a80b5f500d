import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import type { DeliveryAdapter } from '../../desk/delivery/adapter.ts';
import { metricsAccess } from '../../desk/http/metrics-route.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

// One adapter that takes every lead, one that always refuses (and gives up at once).
const crm: DeliveryAdapter = {
  name: 'crm',
  timeoutMs: 1000,
  deliver: async () => ({ ok: true }),
};
const broken: DeliveryAdapter = {
  name: 'broken',
  timeoutMs: 1000,
  deliver: async () => ({ ok: false, retry: false, reason: 'refused' }),
};

let open: TestDesk;
let guarded: TestDesk;

beforeAll(async () => {
  [open, guarded] = await Promise.all([
    startTestDesk({}, { adapters: [crm, broken], weeklyReport: false, pollMs: 50 }),
    startTestDesk(
      { DESK_METRICS_HOST: 'none', DESK_METRICS_TOKEN: TOKEN },
      { deliver: false, weeklyReport: false },
    ),
  ]);
}, 120_000);
afterAll(() => Promise.all([open?.close(), guarded?.close()]));

async function scrape(desk: TestDesk, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${desk.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series, or null when the text has none. */
function series(text: string, name: string, labels: Record<string, string>): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && want.every((w) => match[2]?.split(',').includes(w))) {
      return Number(match[3]);
    }
  }
  return null;
}

describe('GET /metrics', () => {
  it('counts requests by route pattern, captures stored, and deliveries by adapter', async () => {
    const res = await postJson(`${open.url}/leads`, leadBody({ conversationId: null }));
    expect(res.status).toBe(201);
    const text = await until(async () => {
      const t = await scrape(open);
      const done = series(t, 'desk_delivery_attempts_total', { adapter: 'crm' });
      const dead = series(t, 'desk_jobs', { adapter: 'broken', status: 'dead' });
      return done === 1 && dead === 1 ? t : null;
    }, 'both deliveries finished');
    expect(series(text, 'desk_http_requests_total', { route: '/leads', status: '201' })).toBe(1);
    expect(series(text, 'desk_captures_stored_total', { source: 'widget' })).toBe(1);
    expect(
      series(text, 'desk_delivery_attempts_total', { adapter: 'crm', outcome: 'delivered' }),
    ).toBe(1);
    expect(
      series(text, 'desk_delivery_attempts_total', { adapter: 'broken', outcome: 'dead' }),
    ).toBe(1);
    expect(
      series(text, 'desk_jobs', { kind: 'delivery', adapter: 'crm', status: 'delivered' }),
    ).toBe(1);
    expect(text).toContain(
      'desk_delivery_attempt_duration_seconds_bucket{le="0.005",adapter="crm"}',
    );
    expect(text).toContain('desk_database_errors_total 0');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('labels a path by its pattern, so no id or personal data becomes a label', async () => {
    const repeat = leadBody({ conversationId: null });
    await postJson(`${open.url}/leads`, repeat);
    await postJson(`${open.url}/leads`, repeat);
    await fetch(`${open.url}/no-such/sam@example.com`);
    await fetch(`${open.url}/health`, { method: 'PURGE' });
    const text = await scrape(open);
    const unmatched = { route: 'unmatched', status: '404' };
    expect(series(text, 'desk_http_requests_total', { ...unmatched, method: 'GET' })).toBe(1);
    expect(series(text, 'desk_http_requests_total', { ...unmatched, method: 'OTHER' })).toBe(1);
    // A repeat is answered 200 and stores nothing new.
    expect(series(text, 'desk_captures_stored_total', { source: 'widget' })).toBe(2);
    for (const personal of ['sam@example.com', 'Sam Rivera', '604-555', 'PURGE', 'no-such']) {
      expect(text).not.toContain(personal);
    }
  });

  it('refuses a request a proxy forwarded, even from loopback', async () => {
    const res = await fetch(`${open.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('desk_');
  });

  it('answers elsewhere only with DESK_METRICS_TOKEN', async () => {
    const none = await fetch(`${guarded.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const text = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(text).toContain('desk_http_requests_total');
  });
});

describe('metrics access (pure)', () => {
  const env = parseDeskEnv({ DESK_METRICS_HOST: '10.0.0.0/8', DESK_METRICS_TOKEN: TOKEN });
  const ask = (socket: string, forwarded = false, authorization?: string) =>
    metricsAccess({ socket, forwarded, authorization }, env.metrics);

  it('lets in the listed hosts directly, and anyone with the token', () => {
    expect(ask('10.1.2.3')).toBe('allowed');
    expect(ask('::ffff:10.1.2.3')).toBe('allowed');
    expect(ask('127.0.0.1')).toBe('unauthorized');
    expect(ask('10.1.2.3', true)).toBe('unauthorized');
    expect(ask('203.0.113.9', true, `Bearer ${TOKEN}`)).toBe('allowed');
    expect(ask('203.0.113.9', false, `Bearer ${TOKEN}extra`)).toBe('unauthorized');
  });

  it('defaults to loopback, and refuses a short token or a bad host at start', () => {
    const defaults = parseDeskEnv({}).metrics;
    expect(
      metricsAccess({ socket: '::1', forwarded: false, authorization: undefined }, defaults),
    ).toBe('allowed');
    expect(
      metricsAccess(
        { socket: '192.168.1.5', forwarded: false, authorization: undefined },
        defaults,
      ),
    ).toBe('forbidden');
    expect(() => parseDeskEnv({ DESK_METRICS_TOKEN: 'short' })).toThrow(/DESK_METRICS_TOKEN/);
    expect(() => parseDeskEnv({ DESK_METRICS_HOST: 'localhost' })).toThrow(/DESK_METRICS_HOST/);
  });
});
