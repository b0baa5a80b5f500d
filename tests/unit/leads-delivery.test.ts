import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Capture, LeadCapture, ViewingCapture } from '../../widget/leads/capture.ts';
import { PENDING_STORAGE_KEY, STORED_CAPTURE_MAX_AGE_MS } from '../../widget/leads/constants.ts';
import { backoffDelayMs, LeadDeliveryQueue } from '../../widget/leads/delivery-queue.ts';
import { type CaptureStorage, pageStorage } from '../../widget/leads/page/page-storage.ts';

const ENDPOINT = 'https://forms.example/f/abc123';

function lead(key: string, consentToContact: boolean): LeadCapture {
  return {
    kind: 'lead',
    idempotencyKey: key,
    conversationId: 'call-1',
    toolCallId: `tc-${key}`,
    capturedAt: '2026-11-23T01:00:00.000Z',
    listing: { address: '14 Linden Court' },
    consent: null,
    pageUrl: 'https://brokerage.example/listings/14-linden',
    fields: { name: 'Sam Rivera', phone: '604 555 0134', intent: 'buy', consentToContact },
  };
}

const viewing: ViewingCapture = {
  kind: 'viewing-request',
  idempotencyKey: 'view-1',
  conversationId: 'call-1',
  toolCallId: 'tc-view-1',
  capturedAt: '2026-11-23T01:00:00.000Z',
  listing: {},
  consent: null,
  pageUrl: null,
  fields: { preferredTimes: ['Saturday 2:00 PM'], phone: '604 555 0134', name: 'Sam Rivera' },
};

/** localStorage as the page sees it, shared between "page loads" like the real one. */
class MemoryStorage implements CaptureStorage {
  readonly map = new Map<string, string>();
  writes = 0;
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.writes += 1;
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  stored(): Capture[] {
    const text = this.map.get(PENDING_STORAGE_KEY);
    return text ? JSON.parse(text).map((e: { capture: Capture }) => e.capture) : [];
  }
}

type Answer = number | 'offline' | 'hang';

/** A fetch that answers each POST from a script, and records what it received. */
function scriptedFetch(...answers: Answer[]) {
  const received: { url: string; init: RequestInit; at: number }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    received.push({ url: String(url), init: init ?? {}, at: Date.now() });
    const answer = answers.shift() ?? 200;
    if (answer === 'offline') {
      throw new TypeError('Failed to fetch');
    }
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return new Response(JSON.stringify({ ok: answer < 400 }), { status: answer });
  });
  const bodies = () => received.map((r) => JSON.parse(String(r.init.body)) as Capture);
  return { fetch: fetchFn as unknown as typeof fetch, received, bodies };
}

let storage: MemoryStorage;
let warnings: string[];
/** Whether the endpoint answers a bodiless no-cors request (a CORS refusal, not a network error). */
let reachable: boolean;
const queue = (fetchFn: typeof fetch) =>
  new LeadDeliveryQueue({
    endpoint: ENDPOINT,
    fetch: fetchFn,
    storage,
    warn: (message) => warnings.push(message),
    probe: async () => reachable,
  });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 1, 0, 0) });
  storage = new MemoryStorage();
  warnings = [];
  reachable = false;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lead delivery', () => {
  it('POSTs the capture as JSON with Accept: application/json and its idempotency key', async () => {
    const net = scriptedFetch(200);
    const outcome = await queue(net.fetch).deliver(lead('k1', true));
    expect(outcome).toBe('delivered');
    expect(net.received).toHaveLength(1);
    const [request] = net.received;
    expect(request?.url).toBe(ENDPOINT);
    expect(request?.init.method).toBe('POST');
    expect(request?.init.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(net.bodies()).toEqual([lead('k1', true)]);
    expect(storage.map.has(PENDING_STORAGE_KEY)).toBe(false);
  });

  it('retries a 5xx with doubling backoff until it is delivered', async () => {
    const net = scriptedFetch(500, 503, 200);
    const run = queue(net.fetch).deliver(lead('k1', false));
    await vi.advanceTimersByTimeAsync(999);
    expect(net.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.received).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await run).toBe('delivered');
    expect(net.received.map((r) => r.at - (net.received[0]?.at ?? 0))).toEqual([0, 1000, 3000]);
    expect(net.bodies().map((b) => b.idempotencyKey)).toEqual(['k1', 'k1', 'k1']);
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000,
    ]);
  });

  it('retries a try that times out', async () => {
    const net = scriptedFetch('hang', 200);
    const run = new LeadDeliveryQueue({
      endpoint: ENDPOINT,
      fetch: net.fetch,
      storage,
      timeoutMs: 5000,
    }).deliver(lead('k1', false));
    await vi.advanceTimersByTimeAsync(6000);
    expect(await run).toBe('delivered');
    expect(net.received).toHaveLength(2);
  });

  it('offline with consent: the capture waits on the device and the next load sends it, then removes it', async () => {
    const offline = scriptedFetch('offline', 'offline', 'offline', 'offline', 'offline');
    const first = queue(offline.fetch).deliver(lead('k1', true));
    await vi.runAllTimersAsync();
    expect(await first).toBe('stored');
    expect(offline.received).toHaveLength(5);
    expect(storage.stored()).toEqual([lead('k1', true)]);
    expect(warnings).toEqual([
      'a lead could not be delivered yet: the endpoint could not be reached (network error or offline); trying again',
      'a lead could not be delivered yet; it will be sent on the next page load',
    ]);

    // Next page load, back online.
    const online = scriptedFetch(200);
    expect(await queue(online.fetch).resumePending()).toEqual(['delivered']);
    expect(online.bodies()).toEqual([lead('k1', true)]);
    expect(storage.map.has(PENDING_STORAGE_KEY)).toBe(false);
    // A third load has nothing left to send.
    const third = scriptedFetch();
    expect(await queue(third.fetch).resumePending()).toEqual([]);
    expect(third.received).toHaveLength(0);
  });

  it('a page closed mid-delivery leaves the capture for the next load, which resends the same key', async () => {
    const net = scriptedFetch(502);
    const page = queue(net.fetch);
    const run = page.deliver(lead('k1', true));
    await vi.advanceTimersByTimeAsync(10);
    expect(storage.stored()).toHaveLength(1);
    page.dispose(); // the visitor closed the tab while waiting for the retry
    expect(await run).toBe('stored');
    const next = scriptedFetch(200);
    await queue(next.fetch).resumePending();
    expect(net.bodies()[0]?.idempotencyKey).toBe('k1');
    expect(next.bodies()[0]?.idempotencyKey).toBe('k1');
    expect(storage.stored()).toEqual([]);
  });

  it('without consent nothing is ever written to the device: sent, or dropped', async () => {
    const net = scriptedFetch('offline', 500, 'offline', 503, 'offline');
    const run = queue(net.fetch).deliver(lead('k1', false));
    await vi.runAllTimersAsync();
    expect(await run).toBe('dropped');
    expect(storage.writes).toBe(0);
    expect(storage.map.size).toBe(0);
    expect(warnings).toEqual([
      'a lead could not be delivered yet: the endpoint could not be reached (network error or offline); trying again',
      'a lead could not be delivered and was not kept (no consent to store it)',
    ]);
  });

  it('the consent disclosure lets a viewing request (which has no consent field) wait on the device', async () => {
    const without = scriptedFetch('offline', 'offline', 'offline', 'offline', 'offline');
    const dropped = queue(without.fetch).deliver(viewing);
    await vi.runAllTimersAsync();
    expect(await dropped).toBe('dropped');
    expect(storage.writes).toBe(0);
    const withConsent = scriptedFetch('offline', 'offline', 'offline', 'offline', 'offline');
    const stored = queue(withConsent.fetch).deliver(viewing, { consentAgreed: true });
    await vi.runAllTimersAsync();
    expect(await stored).toBe('stored');
    expect(storage.stored()).toEqual([viewing]);
  });

  it('sends a key once: a duplicate call shares the delivery, a later one is not resent', async () => {
    const net = scriptedFetch(500, 200);
    const q = queue(net.fetch);
    const a = q.deliver(lead('k1', true));
    const b = q.deliver(lead('k1', true));
    await vi.runAllTimersAsync();
    expect(await Promise.all([a, b])).toEqual(['delivered', 'delivered']);
    expect(await q.deliver(lead('k1', true))).toBe('delivered');
    expect(await q.resumePending()).toEqual([]);
    expect(net.received).toHaveLength(2);
  });

  it('a 4xx is final: not retried, not kept', async () => {
    const net = scriptedFetch(422);
    expect(await queue(net.fetch).deliver(lead('k1', true))).toBe('rejected');
    expect(net.received).toHaveLength(1);
    expect(storage.stored()).toEqual([]);
    expect(warnings).toEqual([
      'the lead endpoint refused a lead: the endpoint refused the capture (HTTP 422); it will not be retried',
    ]);
  });

  it('reports each step of a delivery, naming the likely cause: CORS, a refusal, then delivered', async () => {
    reachable = true;
    const reports: unknown[] = [];
    const onReport = (report: unknown) => reports.push(report);
    const blocked = scriptedFetch('offline', 'offline', 'offline', 'offline', 'offline');
    const run = queue(blocked.fetch).deliver(lead('k1', true), { onReport });
    await vi.runAllTimersAsync();
    expect(await run).toBe('stored');
    const cors = 'the endpoint did not allow this origin (CORS)';
    expect(reports).toEqual([
      { status: 'queued', reason: cors },
      {
        status: 'queued',
        reason: `${cors}; kept on this device; it will be sent on the next page load`,
      },
    ]);
    expect(warnings[0]).toBe(`a lead could not be delivered yet: ${cors}; trying again`);

    reports.length = 0;
    await queue(scriptedFetch(400).fetch).deliver(lead('k2', false), { onReport });
    expect(reports).toEqual([
      { status: 'failed', reason: 'the endpoint refused the capture (HTTP 400)' },
    ]);

    reports.length = 0;
    const q = queue(scriptedFetch(503, 201).fetch);
    const later = q.deliver(lead('k3', false), { onReport });
    await vi.runAllTimersAsync();
    await later;
    await q.deliver(lead('k3', false), { onReport });
    expect(reports).toEqual([
      { status: 'queued', reason: 'the endpoint is busy or failing (HTTP 503)' },
      { status: 'delivered', reason: null },
      { status: 'delivered', reason: null },
    ]);
  });

  it('never logs personal data', async () => {
    const net = scriptedFetch(400, 'offline', 'offline', 'offline', 'offline', 'offline');
    await queue(net.fetch).deliver(lead('k1', true));
    const run = queue(net.fetch).deliver(lead('k2', false));
    await vi.runAllTimersAsync();
    await run;
    expect(warnings.length).toBeGreaterThan(0);
    for (const message of warnings) {
      expect(message).not.toMatch(/Sam|Rivera|555|k1|k2|Linden/);
    }
  });

  it('resumes only its own endpoint, drops week-old captures and survives garbage in storage', async () => {
    const now = Date.now();
    storage.setItem(
      PENDING_STORAGE_KEY,
      JSON.stringify([
        {
          endpoint: ENDPOINT,
          storedAt: now - STORED_CAPTURE_MAX_AGE_MS - 1,
          capture: lead('old', true),
        },
        { endpoint: 'https://other.example/f', storedAt: now, capture: lead('other', true) },
        { endpoint: ENDPOINT, storedAt: now, capture: { kind: 'lead' } },
        'junk',
        { endpoint: ENDPOINT, storedAt: now, capture: lead('fresh', true) },
      ]),
    );
    const net = scriptedFetch(200);
    expect(await queue(net.fetch).resumePending()).toEqual(['delivered']);
    expect(net.bodies().map((b) => b.idempotencyKey)).toEqual(['fresh']);
    expect(storage.stored().map((c) => c.idempotencyKey)).toEqual(['other']);

    storage.setItem(PENDING_STORAGE_KEY, '{not json');
    expect(await queue(scriptedFetch().fetch).resumePending()).toEqual([]);
  });

  it('uses the page’s localStorage, and none where reading it throws', async () => {
    expect(pageStorage()).toBe(globalThis.localStorage);
    const getter = vi.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(pageStorage()).toBeNull();
    getter.mockRestore();
  });

  it('works without storage at all (blocked or private mode)', async () => {
    const blocked: CaptureStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const net = scriptedFetch(200);
    const q = new LeadDeliveryQueue({ endpoint: ENDPOINT, fetch: net.fetch, storage: blocked });
    expect(await q.deliver(lead('k1', true))).toBe('delivered');
    expect(await q.resumePending()).toEqual([]);
  });
});
