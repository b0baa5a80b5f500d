import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_FOR_ALERT } from '../../desk/delivery/conversation-update.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import {
  chatEndedBody,
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';

/**
 * A conversation's update waits for the alert it follows (the CRM note needs the person the
 * event creates). It goes the moment that alert is through, not at its own backed-off retry: in
 * a burst of leads, the agent's note and reply came up to twenty seconds after their alert.
 */

const API_KEY = 'fub-follows-key';
const RETRY_MS = 120_000;

describe.each([pglite(), postgres()])('on $name', (database: DatabaseUnderTest) => {
  let crm: FubStandIn;
  let desk: TestDesk;
  beforeAll(async () => {
    crm = await startFubStandIn({ apiKey: API_KEY });
    desk = await startTestDesk(
      {
        FUB_API_KEY: API_KEY,
        FUB_BASE_URL: crm.url,
        // An update's own retry would come a minute or two later: longer than the test waits.
        DESK_RETRY_BASE_MS: String(RETRY_MS),
        DESK_RETRY_MAX_MS: String(RETRY_MS),
        ...(database.freshUrl && { DATABASE_URL: await database.freshUrl() }),
      },
      { weeklyReport: false },
    );
  });
  afterAll(async () => {
    await crm?.close();
    await desk?.close();
    await database.close();
  });

  const updateJob = (captureId: string) =>
    desk.services.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'conversation-update')
      .where('capture_id', '=', captureId)
      .where('adapter', '=', 'follow-up-boss')
      .executeTakeFirst();

  it('adds the CRM note as soon as the slow alert is through, not at the update’s retry', async () => {
    const release = crm.hold();
    const res = await postJson(
      `${desk.url}/leads`,
      leadBody({
        conversationId: 'chat-slow-alert',
        toolCallId: null,
        fields: { name: 'Noor Haddad', phone: '604 555 0188', consentToContact: true },
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await until(() => crm.requests.length > 0, 'the alert’s event reaching the CRM');
    const ended = await postJson(
      `${desk.url}/leads`,
      chatEndedBody('chat-slow-alert', [
        { role: 'user', text: 'Does it have a garage?' },
        { role: 'assistant', text: 'A single garage.' },
      ]),
    );
    expect(ended.status).toBe(201);
    // The update was tried while the CRM held the alert, and was put off until its retry.
    const waiting = await until(async () => {
      const job = await updateJob(id);
      return job?.last_error === WAITING_FOR_ALERT && job.locked_by === null && job;
    }, 'the update waiting for its alert');
    expect(waiting.run_at.getTime()).toBeGreaterThan(Date.now() + RETRY_MS / 4);
    expect(crm.notes).toHaveLength(0);

    release();
    const note = await until(() => crm.notes[0], 'the note once the alert is through');
    const alert = await desk.services.database.db
      .selectFrom('jobs')
      .select(['status', 'result'])
      .where('kind', '=', 'delivery')
      .where('capture_id', '=', id)
      .where('adapter', '=', 'follow-up-boss')
      .executeTakeFirstOrThrow();
    expect(alert.status).toBe('delivered');
    expect(note.body.personId).toBe(alert.result?.personId);
    expect(String(note.body.subject)).toContain('website conversation');
    expect(crm.events).toHaveLength(1);
    await until(async () => (await updateJob(id))?.status === 'delivered', 'the update recorded');
    expect(await updateJob(id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});
