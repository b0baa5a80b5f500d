import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../desk/inbox/api-contract.ts';
import { postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';

// Issue 29 §2: "Talk to a person" posts `kind: 'callback'` to POST /leads; the desk stores it as
// a capture of the person's lead, with what was asked, the box's evidence and the urgency.

const SENTENCE =
  'Maple Ridge Realty may call or text me at 604-555-0134 about homes. Consent is not a condition of buying.';

function callback(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'callback',
    idempotencyKey: `cb-${Math.random().toString(36).slice(2)}`,
    conversationId: null,
    capturedAt: '2026-11-27T18:00:00.000Z',
    listing: { address: '14 Linden Court', agentName: 'Daniel Okafor' },
    consent: null,
    pageUrl: 'https://maple.example/listings/14-linden',
    officePhone: '604-555-0100',
    urgent: true,
    requestedTime: null,
    fields: { name: 'Sam Rivera', phone: '604-555-0134', consentToContact: true },
    contactConsent: { text: SENTENCE, version: 'abc123', givenAt: '2026-11-27T18:00:00.000Z' },
    ...overrides,
  };
}

describe('a callback request at the desk', () => {
  let desk: TestDesk;
  let broker: ApiSession;

  beforeAll(async () => {
    desk = await startTestDesk({}, { deliver: false, weeklyReport: false });
    await createAccounts(desk.services.database.db);
    broker = await apiSignIn(desk.url, ACCOUNTS.broker);
  }, 180_000);
  afterAll(() => desk?.close());

  async function stored(body: Record<string, unknown>): Promise<LeadDetail> {
    const res = await postJson(`${desk.url}/leads`, body);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const detail = await api(desk.url, broker, `/api/leads/${id}`);
    expect(detail.status).toBe(200);
    return (await detail.json()) as LeadDetail;
  }

  it('"Call me now" is stored as a lead of that person, with the box’s sentence and the ask', async () => {
    const lead = await stored(callback());
    expect(lead.captures[0]?.kind).toBe('lead');
    expect(lead.person).toMatchObject({
      name: 'Sam Rivera',
      phone: expect.stringContaining('555'),
    });
    expect(lead.captures[0]?.fields).toMatchObject({
      notes: 'Asked to talk to a person: call now.',
      callback: { urgent: true, requestedTime: null },
    });
    expect(lead.consent.consentToContact).toBe(true);
    expect(lead.captures[0]?.consent).toMatchObject({
      consentToContact: true,
      contact: { text: SENTENCE, version: 'abc123' },
    });
  });

  it('"Call me back" names the opening picked', async () => {
    const lead = await stored(
      callback({
        urgent: false,
        requestedTime: '2026-11-30T17:00:00.000Z',
        fields: { phone: '604-555-0177', consentToContact: false },
        contactConsent: undefined,
      }),
    );
    expect(lead.captures[0]?.fields).toMatchObject({
      notes: 'Asked to talk to a person: call back at 2026-11-30T17:00:00.000Z.',
      callback: { urgent: false, requestedTime: '2026-11-30T17:00:00.000Z' },
    });
    expect(lead.consent.consentToContact).toBe(false);
  });

  it('refuses a callback without a number to call, naming the field', async () => {
    const res = await postJson(`${desk.url}/leads`, callback({ fields: { name: 'Sam' } }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('fields.phone');
  });
});
