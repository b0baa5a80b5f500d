import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../desk/inbox/api-contract.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';

// Issue 29 §3: the desk stores the contact consent the visitor gave on the widget's card beside
// what the assistant heard, and a request not to be contacted, and the inbox shows them.

const SENTENCE =
  'Maple Ridge Realty may call or text me at 604-555-0134 about homes. Consent is not a condition of buying.';

describe('contact consent at the desk', () => {
  let desk: TestDesk;
  let broker: ApiSession;

  beforeAll(async () => {
    desk = await startTestDesk({}, { deliver: false, weeklyReport: false });
    await createAccounts(desk.services.database.db);
    broker = await apiSignIn(desk.url, ACCOUNTS.broker);
  }, 180_000);
  afterAll(() => desk?.close());

  async function post(body: Record<string, unknown>): Promise<Response> {
    return postJson(`${desk.url}/leads`, leadBody(body));
  }

  async function detail(id: string): Promise<LeadDetail> {
    const res = await api(desk.url, broker, `/api/leads/${id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as LeadDetail;
  }

  it('keeps the ticked box’s sentence, hash and time beside the spoken answer', async () => {
    const res = await post({
      conversationId: 'contact-1',
      fields: {
        name: 'Sam Rivera',
        phone: '604-555-0134',
        intent: 'buy',
        consentToContact: true,
        spokenConsent: false,
      },
      contactConsent: {
        text: SENTENCE,
        version: '0123456789abcdef',
        givenAt: '2026-11-27T05:01:00.000Z',
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const lead = await detail(String(((await res.json()) as { id: string }).id));
    expect(lead.consent).toMatchObject({ consentToContact: true, doNotContact: false });
    const consent = lead.captures[0]?.consent;
    expect(lead.consent.history).toEqual([consent]);
    expect(consent).toMatchObject({
      consentToContact: true,
      spokenConsent: false,
      doNotContact: false,
      contact: { text: SENTENCE, version: '0123456789abcdef', givenAt: '2026-11-27T05:01:00.000Z' },
    });
    expect(consent?.contact?.givenAtText).toEqual(expect.any(String));
  });

  it('an unticked box is no consent, whatever was heard; "stop contacting me" is kept', async () => {
    const res = await post({
      conversationId: 'contact-2',
      fields: {
        phone: '604-555-0199',
        consentToContact: false,
        spokenConsent: true,
        doNotContact: true,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const lead = await detail(String(((await res.json()) as { id: string }).id));
    expect(lead.consent).toMatchObject({ consentToContact: false, doNotContact: true });
    expect(lead.consent.history[0]).toMatchObject({
      consentToContact: false,
      spokenConsent: true,
      doNotContact: true,
      contact: null,
    });
  });

  it('refuses a contactConsent without its text and version, naming it', async () => {
    const res = await post({ conversationId: 'contact-3', contactConsent: { text: SENTENCE } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('contactConsent');
  });
});
