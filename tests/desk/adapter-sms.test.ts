import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsAdapter } from '../../desk/delivery/adapters/sms.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../helpers/twilio-stand-in.ts';
import { generalLead, testContext, viewingRequest } from './fixtures/lead-records.ts';

let twilio: TwilioStandIn;
const phones: Record<string, string> = { 'priya@harbourpine.example': '+1 604 555 0102' };
const phoneOf = (email: string) => phones[email] ?? null;

function adapter() {
  return createSmsAdapter(
    { baseUrl: twilio.url, accountSid: twilio.sid, authToken: twilio.token, from: '+16045550199' },
    testContext,
    phoneOf,
  );
}

beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(() => twilio.close());
beforeEach(() => twilio.reset());

describe('SMS adapter (Twilio Messages API)', () => {
  it('texts the agent the kind, first name and initial, street, time and claim link', async () => {
    const lead = viewingRequest();
    expect(await adapter().deliver(lead, { jobId: 'job_sms_1', attempt: 1 })).toEqual({
      ok: true,
    });
    expect(twilio.malformed).toEqual([]);
    expect(twilio.texts).toHaveLength(1);
    expect(twilio.texts[0]).toMatchObject({
      to: '+1 604 555 0102',
      from: '+16045550199',
      body: `New viewing request: Sam R., 14 Linden Ct, Sat Nov 28 2:00 PM. Claim: https://desk.harbourpine.example/inbox/leads/${lead.id}`,
    });
    // Nothing a lock screen should show: no email, no visitor phone, no transcript.
    const body = twilio.texts[0]?.body ?? '';
    expect(body).not.toContain('sam.rivera@example.com');
    // The claim link's lead id is random hex, which may hold any four digits.
    expect(body.replace(/https:\/\/\S+/, '')).not.toContain('0142');
    expect(body).not.toContain('Saturday at 2');
  });

  it('writes a lead without a time as "New lead"', async () => {
    const lead = generalLead({
      assignedTo: { name: 'Priya', email: 'priya@harbourpine.example', reason: 'on-duty' },
    });
    expect((await adapter().deliver(lead, { jobId: 'job_sms_2', attempt: 1 })).ok).toBe(true);
    expect(twilio.texts[0]?.body).toMatch(/^New lead: .+\. Claim: https:\/\/desk\./);
  });

  it("is dead at once on a 4xx, with Twilio's message and no phone number", async () => {
    twilio.failNext(1, {
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +1 604 555 0102 is not a valid phone number.",
        status: 400,
      },
    });
    const outcome = await adapter().deliver(viewingRequest(), { jobId: 'job_sms_3', attempt: 1 });
    expect(outcome).toEqual({
      ok: false,
      retry: false,
      reason: "Twilio HTTP 400: 21211: The 'To' number [number] is not a valid phone number.",
    });
  });

  it('retries a 5xx, a 429 and no answer', async () => {
    twilio.failNext(1, { status: 503, body: 'down' });
    twilio.failNext(1, { status: 429, body: { code: 20429, message: 'Too Many Requests' } });
    const a = adapter();
    const lead = viewingRequest();
    expect(await a.deliver(lead, { jobId: 'job_sms_4', attempt: 1 })).toMatchObject({
      ok: false,
      retry: true,
    });
    expect(await a.deliver(lead, { jobId: 'job_sms_4', attempt: 2 })).toMatchObject({
      ok: false,
      retry: true,
    });
    twilio.failNext(1, { destroy: true });
    expect(await a.deliver(lead, { jobId: 'job_sms_4', attempt: 3 })).toMatchObject({
      ok: false,
      retry: true,
    });
    expect(twilio.texts).toHaveLength(0);
  });

  it('sends nothing to an agent with no phone: email only', async () => {
    const lead = viewingRequest({
      assignedTo: { name: 'Ana', email: 'ana@harbourpine.example', reason: 'on-duty' },
    });
    expect(await adapter().deliver(lead, { jobId: 'job_sms_5', attempt: 1 })).toEqual({
      ok: false,
      retry: false,
      reason: 'the assigned agent has no phone: email only',
    });
    expect(twilio.requestCount()).toBe(0);
  });
});
