import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFollowUpBossAdapter,
  type FollowUpBossSettings,
  FUB_ARCHIVED_REASON,
} from '../../desk/delivery/adapters/follow-up-boss.ts';
import type { ConversationUpdate } from '../../desk/delivery/conversation-update.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';
import { generalLead, testContext, viewingRequest } from './fixtures/lead-records.ts';

/** A loopback port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const API_KEY = 'fka_test_0123456789abcdef';
const attempt = { jobId: 'job_fub_1', attempt: 1 };

let fub: FubStandIn;
let settings: FollowUpBossSettings;

beforeAll(async () => {
  fub = await startFubStandIn({ apiKey: API_KEY, system: 'Hearthline', systemKey: 'sys-key-1' });
  settings = { baseUrl: fub.url, apiKey: API_KEY, system: 'Hearthline', systemKey: 'sys-key-1' };
});
afterAll(() => fub.close());
beforeEach(() => fub.reset());

describe('Follow Up Boss adapter', () => {
  it('sends a viewing request as a Property Inquiry the stand-in accepts', async () => {
    const adapter = createFollowUpBossAdapter(settings, testContext);
    expect(adapter.name).toBe('follow-up-boss');
    // The person's id from the answer is kept, for the note that follows the conversation.
    expect(await adapter.deliver(viewingRequest(), attempt)).toEqual({
      ok: true,
      result: { personId: 1 },
    });
    expect(fub.events).toHaveLength(1);
    const { body, headers } = fub.events[0] ?? { body: {}, headers: {} };
    expect(headers['x-system']).toBe('Hearthline');
    expect(headers['x-system-key']).toBe('sys-key-1');
    expect(body).toMatchObject({
      source: 'harbourpine.example',
      system: 'Hearthline',
      type: 'Property Inquiry',
      property: {
        street: '14 Linden Court',
        price: 1_249_000,
        mlsNumber: 'R2891234',
        url: 'https://harbourpine.example/listings/14-linden-court',
      },
      person: {
        firstName: 'Sam',
        lastName: 'Rivera',
        emails: [{ value: 'sam.rivera@example.com', type: 'home' }],
        phones: [{ value: '+1 604 555 0142', type: 'mobile' }],
        tags: ['AI assistant', 'Viewing request'],
        sourceUrl: 'https://harbourpine.example/listings/14-linden-court',
        // The CRM's own lead flow assigns the agent the inbox shows.
        assignedTo: 'Priya Shah',
      },
    });
    const message = String(body.message);
    expect(message).toContain('Sam wants to view 14 Linden Court');
    expect(message).toContain('Saturday, November 28, 2026, 2:00 PM MST, as said: "Saturday at 2"');
    expect(message).toContain('approximate, as said: "or Sunday morning"');
    expect(message).toContain('time not resolved, as said: "whenever suits, really"');
    expect(message).toContain(
      'https://desk.harbourpine.example/inbox/leads/cap_01JVIEWING0000000000000001',
    );
    expect(String(body.description)).toContain('Viewing request about 14 Linden Court');
  });

  it('sends a lead with no listing as a General Inquiry with no property', async () => {
    const adapter = createFollowUpBossAdapter({ ...settings }, testContext);
    expect(await adapter.deliver(generalLead(), attempt)).toMatchObject({ ok: true });
    const body = fub.events[0]?.body ?? {};
    expect(body.type).toBe('General Inquiry');
    expect(body).not.toHaveProperty('property');
    expect(body.person).toEqual({
      firstName: 'Alex',
      emails: [{ value: 'alex@example.com', type: 'home' }],
      phones: [],
      tags: ['AI assistant'],
      sourceUrl: 'https://harbourpine.example/',
      assignedTo: 'Front Desk',
    });
  });

  it('tags a person who asked not to be contacted Do Not Contact', async () => {
    const adapter = createFollowUpBossAdapter(settings, testContext);
    const lead = generalLead();
    const asked = { ...lead, fields: { ...lead.fields, doNotContact: true } };
    expect(await adapter.deliver(asked, attempt)).toMatchObject({ ok: true });
    expect(fub.events[0]?.body.person).toMatchObject({
      tags: ['AI assistant', 'Do Not Contact'],
    });
  });

  it('leaves the X-System headers out when no integration is registered', async () => {
    const plain = await startFubStandIn({ apiKey: API_KEY });
    try {
      const adapter = createFollowUpBossAdapter(
        { baseUrl: plain.url, apiKey: API_KEY, system: null, systemKey: null },
        testContext,
      );
      expect(await adapter.deliver(generalLead(), attempt)).toMatchObject({ ok: true });
      expect(plain.events[0]?.headers).not.toHaveProperty('x-system');
      expect(plain.events[0]?.body.system).toBe('Hearthline Desk');
    } finally {
      await plain.close();
    }
  });

  it('treats 204 (archived lead source) as dead, never delivered', async () => {
    fub.failNext(1, 204);
    const outcome = await createFollowUpBossAdapter(settings, testContext).deliver(
      viewingRequest(),
      attempt,
    );
    expect(outcome).toEqual({ ok: false, retry: false, reason: FUB_ARCHIVED_REASON });
  });

  it.each([500, 429])('retries after %i', async (status) => {
    fub.failNext(1, status);
    const adapter = createFollowUpBossAdapter(settings, testContext);
    const outcome = await adapter.deliver(viewingRequest(), attempt);
    expect(outcome).toMatchObject({
      ok: false,
      retry: true,
      reason: `HTTP ${status}: forced ${status}`,
    });
    expect(await adapter.deliver(viewingRequest(), { ...attempt, attempt: 2 })).toMatchObject({
      ok: true,
    });
  });

  it('is dead after a 400, with no key or personal data in the reason', async () => {
    const adapter = createFollowUpBossAdapter({ ...settings, apiKey: 'wrong-key' }, testContext);
    const outcome = await adapter.deliver(viewingRequest(), attempt);
    expect(outcome).toMatchObject({ ok: false, retry: false });
    const reason = outcome.ok ? '' : outcome.reason;
    expect(reason).toMatch(/^HTTP 400: Basic authentication/);
    expect(reason).not.toContain('wrong-key');
    expect(fub.events).toHaveLength(0);
  });

  it('retries when the server closes the connection or is not there', async () => {
    fub.setDown(true);
    const adapter = createFollowUpBossAdapter(settings, testContext);
    const outcome = await adapter.deliver(viewingRequest(), attempt);
    expect(outcome).toMatchObject({ ok: false, retry: true });
    expect(outcome.ok ? '' : outcome.reason).toMatch(/^network error: /);
    const closed = createFollowUpBossAdapter(
      { ...settings, baseUrl: `http://127.0.0.1:${await closedPort()}` },
      testContext,
    );
    expect(await closed.deliver(viewingRequest(), attempt)).toEqual({
      ok: false,
      retry: true,
      reason: 'network error: ECONNREFUSED',
    });
  });

  it('retries after a timeout', async () => {
    fub.delay(2_000);
    // The adapter's own limit is 15 s; a wrapper shortens it so the test stays quick.
    const quick: typeof fetch = (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(200) });
    const adapter = createFollowUpBossAdapter(settings, testContext, quick);
    expect(await adapter.deliver(viewingRequest(), attempt)).toEqual({
      ok: false,
      retry: true,
      reason: 'network error: TimeoutError',
    });
  });
});

describe('Follow Up Boss note after the conversation', () => {
  function update(alert: Record<string, unknown>): ConversationUpdate {
    const lead = viewingRequest();
    if (!lead.conversation) {
      throw new Error('the fixture has a conversation');
    }
    return {
      lead: { ...lead, conversation: lead.conversation },
      viewingTimes: lead.viewingTimes,
      alert,
    };
  }

  it('adds the summary, the times and the link as a note on the person the event created', async () => {
    const adapter = createFollowUpBossAdapter(settings, testContext);
    const sent = await adapter.deliver(viewingRequest(), attempt);
    expect(sent).toEqual({ ok: true, result: { personId: 1 } });
    const personId = sent.ok ? sent.result?.personId : null;
    expect(await adapter.followUp?.(update({ personId }), attempt)).toEqual({ ok: true });
    expect(fub.notes).toHaveLength(1);
    const note = fub.notes[0]?.body ?? {};
    expect(note).toMatchObject({ personId: 1, isHtml: false });
    expect(String(note.body)).toContain('Sam wants to view 14 Linden Court this weekend');
    expect(String(note.body)).toContain('Saturday, November 28, 2026, 2:00 PM MST');
    expect(String(note.body)).toContain('/inbox/leads/cap_01JVIEWING0000000000000001');
    // A note, never a second event: the CRM keeps one lead.
    expect(fub.events).toHaveLength(1);
  });

  it('is dead, sending nothing, when the event named no person', async () => {
    const adapter = createFollowUpBossAdapter(settings, testContext);
    expect(await adapter.followUp?.(update({}), attempt)).toMatchObject({
      ok: false,
      retry: false,
    });
    expect(fub.requests).toHaveLength(0);
  });
});
