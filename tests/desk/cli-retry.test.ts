import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryCommand } from '../../desk/cli/database-commands.ts';
import { leadBody, postJson, until } from '../helpers/desk-harness.ts';
import { type DeskWithCrm, startDeskWithCrm } from '../helpers/desk-with-crm.ts';

let setup: DeskWithCrm;
beforeAll(async () => {
  setup = await startDeskWithCrm();
});
afterAll(() => setup?.close());

describe('npm run desk -- retry ID', () => {
  it('refuses a job in flight, saying so, and leaves its try alone', async () => {
    setup.crm.delay(60_000);
    const res = await postJson(
      `${setup.desk.url}/leads`,
      leadBody({ conversationId: null, toolCallId: null }),
    );
    expect(res.status).toBe(201);
    await until(() => setup.crm.requests.length === 1, 'the CRM to hold the delivery');
    const { db } = setup.desk.services.database;
    const job = await db
      .selectFrom('deliveries')
      .select(['id', 'locked_by'])
      .where('adapter', '=', 'follow-up-boss')
      .executeTakeFirstOrThrow();
    const printed: string[] = [];
    const code = await retryCommand.run({
      env: setup.desk.services.env,
      args: [job.id],
      out: (line) => printed.push(line),
      err: (line) => printed.push(line),
      database: setup.desk.services.database,
    });
    expect(code).not.toBe(0);
    expect(printed.join('\n')).toMatch(/in flight/);
    const after = await db
      .selectFrom('deliveries')
      .select(['status', 'locked_by', 'attempts'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    // Still the running try's: nothing another worker could take and send a second time.
    expect(after).toEqual({ status: 'pending', locked_by: job.locked_by, attempts: 1 });
    expect(job.locked_by).not.toBeNull();
  });
});
