import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, until } from '../helpers/desk-harness.ts';
import { type DeskWithCrm, startDeskWithCrm } from '../helpers/desk-with-crm.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../helpers/twilio-stand-in.ts';

// Issue 31 #11: each adapter has its own lane, so a CRM whose every request waits out its 15 s
// timeout never delays an agent's email or text.

let setup: DeskWithCrm;
let twilio: TwilioStandIn;
beforeAll(async () => {
  twilio = await startTwilioStandIn();
  setup = await startDeskWithCrm(twilio.env());
});
afterAll(async () => {
  await setup?.close();
  await twilio?.close();
});

/** The delivered jobs of one adapter, counted. */
async function delivered(adapter: 'email' | 'sms'): Promise<number> {
  const rows = await setup.desk.services.database.db
    .selectFrom('deliveries')
    .select('id')
    .where('adapter', '=', adapter)
    .where('status', '=', 'delivered')
    .execute();
  return rows.length;
}

const lead = (n: number) =>
  leadBody({
    conversationId: null,
    toolCallId: null,
    fields: { name: `Lane${n} Lead`, phone: `604555${1000 + n}`, intent: 'buy' },
  });

/** Texts whose body names lead `n` (a text names the visitor by first name and initial). */
const textsFor = (n: number) => twilio.texts.filter((t) => t.body.includes(`Lane${n} L.`));

describe('each adapter in its own lane', () => {
  it('emails and texts the agent while the CRM still holds an earlier request', async () => {
    // Longer than the request's 15 s timeout: the CRM lane is stuck for all of this test.
    setup.crm.delay(60_000);
    expect((await postJson(`${setup.desk.url}/leads`, lead(1))).status).toBe(201);
    await until(() => setup.crm.requests.length === 1, 'the CRM to hold the first lead');
    await until(async () => (await delivered('email')) === 1, 'the first lead’s email');
    await until(() => textsFor(1).length === 1, 'the first lead’s text');
    expect((await postJson(`${setup.desk.url}/leads`, lead(2))).status).toBe(201);
    // Behind a shared loop the second lead's email and text would wait for the first lead's CRM
    // request to time out (15 s).
    await until(() => textsFor(2).length === 1, 'the second lead’s text', 8_000);
    await until(async () => (await delivered('email')) === 2, 'the second lead’s email', 8_000);
    expect(await delivered('sms')).toBe(2);
    expect(twilio.malformed).toEqual([]);
    // No CRM request has been answered: the email and text lanes went on beside a stuck one.
    expect(setup.crm.events).toHaveLength(0);
  });
});
