import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';

const API_KEY = 'fub-lanes-key';
let crm: FubStandIn;
let desk: TestDesk;

beforeAll(async () => {
  crm = await startFubStandIn({ apiKey: API_KEY });
  desk = await startTestDesk({ FUB_API_KEY: API_KEY, FUB_BASE_URL: crm.url });
});
afterAll(async () => {
  // The CRM goes first: its held answers end, so the desk's stop does not wait them out.
  await crm?.close();
  await desk?.close();
});

/** The delivered email jobs, counted. */
async function emailsDelivered(): Promise<number> {
  const rows = await desk.services.database.db
    .selectFrom('deliveries')
    .select('id')
    .where('adapter', '=', 'email')
    .where('status', '=', 'delivered')
    .execute();
  return rows.length;
}

describe('each adapter in its own lane', () => {
  it('emails the agent while the CRM still holds an earlier request', async () => {
    // Longer than the request's 15 s timeout: the CRM lane is stuck for all of this test.
    crm.delay(60_000);
    const lead = (n: number) =>
      leadBody({
        conversationId: null,
        toolCallId: null,
        fields: { name: `Lane Lead ${n}`, phone: `604555${1000 + n}`, intent: 'buy' },
      });
    expect((await postJson(`${desk.url}/leads`, lead(1))).status).toBe(201);
    await until(() => crm.requests.length === 1, 'the CRM to hold the first lead');
    await until(async () => (await emailsDelivered()) === 1, 'the first lead’s email');
    expect((await postJson(`${desk.url}/leads`, lead(2))).status).toBe(201);
    // Behind a shared loop this email would wait for the CRM request's 15 s timeout.
    await until(async () => (await emailsDelivered()) === 2, 'the second lead’s email', 8_000);
    expect(crm.events).toHaveLength(0);
  });
});
