import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, until } from '../helpers/desk-harness.ts';
import { type DeskWithCrm, startDeskWithCrm } from '../helpers/desk-with-crm.ts';

let setup: DeskWithCrm;
beforeAll(async () => {
  setup = await startDeskWithCrm();
});
afterAll(() => setup?.close());

/** The delivered email jobs, counted. */
async function emailsDelivered(): Promise<number> {
  const rows = await setup.desk.services.database.db
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
    setup.crm.delay(60_000);
    const lead = (n: number) =>
      leadBody({
        conversationId: null,
        toolCallId: null,
        fields: { name: `Lane Lead ${n}`, phone: `604555${1000 + n}`, intent: 'buy' },
      });
    expect((await postJson(`${setup.desk.url}/leads`, lead(1))).status).toBe(201);
    await until(() => setup.crm.requests.length === 1, 'the CRM to hold the first lead');
    await until(async () => (await emailsDelivered()) === 1, 'the first lead’s email');
    expect((await postJson(`${setup.desk.url}/leads`, lead(2))).status).toBe(201);
    // Behind a shared loop this email would wait for the CRM request's 15 s timeout.
    await until(async () => (await emailsDelivered()) === 2, 'the second lead’s email', 8_000);
    expect(setup.crm.events).toHaveLength(0);
  });
});
