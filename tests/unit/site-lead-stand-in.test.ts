// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadStandIn, validateLead } from '../../site/server/lead-stand-in.ts';
import type { LeadCapture } from '../../widget/leads/capture.ts';
import { LeadDeliveryQueue } from '../../widget/leads/delivery-queue.ts';

let dir: string;
const servers: Server[] = [];

/** A stand-in on a loopback port writing to its own file. */
async function startStandIn(file: string): Promise<string> {
  const standIn = createLeadStandIn({ file });
  const server = createServer((req, res) =>
    standIn.middleware(req, res, () => res.writeHead(404).end()),
  );
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-stand-in-'));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  rmSync(dir, { recursive: true, force: true });
});

const lines = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

function capture(key: string): LeadCapture {
  return {
    kind: 'lead',
    idempotencyKey: key,
    conversationId: 'demo-call-1',
    toolCallId: null,
    capturedAt: '2026-11-23T01:00:00.000Z',
    listing: { address: '14 Linden Court', agentName: 'Daniel' },
    consent: null,
    pageUrl: null,
    fields: { name: 'Sam Rivera', phone: '604 555 0134', intent: 'buy', consentToContact: true },
  };
}

const post = (base: string, body: string, type = 'application/json') =>
  fetch(`${base}/forms/lead`, {
    method: 'POST',
    body,
    headers: { 'content-type': type, accept: 'application/json' },
  });

describe('lead stand-in at /forms/lead', () => {
  it('appends one JSON line per capture and answers like a form service', async () => {
    const file = join(dir, 'nested', 'leads.jsonl');
    const base = await startStandIn(file);
    const response = await post(base, JSON.stringify(capture('k-1')));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(lines(file)).toEqual([{ receivedAt: expect.any(String), ...capture('k-1') }]);
  });

  it('stores a key once, even when two copies arrive together or after a restart', async () => {
    const file = join(dir, 'dedupe.jsonl');
    const base = await startStandIn(file);
    const body = JSON.stringify(capture('k-2'));
    const answers = await Promise.all([post(base, body), post(base, body), post(base, body)]);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual(
      expect.arrayContaining([{ ok: true }, { ok: true, duplicate: true }]),
    );
    expect(lines(file).map((l) => l.idempotencyKey)).toEqual(['k-2']);
    // A restarted server (the next `npm start`) still knows the key from the file.
    const restarted = await startStandIn(file);
    expect(await (await post(restarted, body)).json()).toEqual({ ok: true, duplicate: true });
    await post(restarted, JSON.stringify(capture('k-3')));
    expect(lines(file).map((l) => l.idempotencyKey)).toEqual(['k-2', 'k-3']);
  });

  it('receives the widget delivery queue: a retried capture is one line', async () => {
    const file = join(dir, 'queue.jsonl');
    const base = await startStandIn(file);
    let calls = 0;
    // The first answer is lost on the way back (as on a dropped connection): the queue retries.
    const flaky: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      calls += 1;
      return calls === 1 ? new Response('', { status: 502 }) : response;
    };
    const queue = new LeadDeliveryQueue({
      endpoint: `${base}/forms/lead`,
      fetch: flaky,
      baseBackoffMs: 1,
    });
    expect(await queue.deliver(capture('k-4'))).toBe('delivered');
    expect(calls).toBe(2);
    expect(lines(file).map((l) => l.idempotencyKey)).toEqual(['k-4']);
  });

  it('refuses bad leads with field errors and stores nothing', async () => {
    const file = join(dir, 'bad.jsonl');
    const base = await startStandIn(file);
    const bad = await post(base, JSON.stringify({ kind: 'spam', fields: 'x' }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.map((e: { field: string }) => e.field)).toEqual([
      'idempotencyKey',
      'kind',
      'fields',
    ]);
    expect((await post(base, '{')).status).toBe(400);
    expect((await post(base, 'name=Sam', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post(base, JSON.stringify({ pad: 'x'.repeat(70 * 1024) }))).status).toBe(413);
    expect((await fetch(`${base}/forms/lead`)).status).toBe(405);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    expect(lines(file)).toEqual([]);
  });

  it('ignores unreadable lines already in the file', async () => {
    const file = join(dir, 'edited.jsonl');
    writeFileSync(file, `not json\n${JSON.stringify({ idempotencyKey: 'k-5' })}\n`);
    const base = await startStandIn(file);
    expect(await (await post(base, JSON.stringify(capture('k-5')))).json()).toEqual({
      ok: true,
      duplicate: true,
    });
  });

  it('validateLead accepts what the widget sends', () => {
    expect(validateLead(capture('abc-123'))).toEqual([]);
    expect(validateLead([])).toHaveLength(1);
  });
});
