import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personCommand } from '../../desk/cli/person-command.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: WebhookReceiver;
let desk: TestDesk;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  desk = await startTestDesk(
    { DESK_WEBHOOK_URL: receiver.url, DESK_WEBHOOK_SECRET: secret },
    { weeklyReport: false, pollMs: 50 },
  );
}, 120_000);
afterAll(() => Promise.all([desk?.close(), receiver?.close()]));

/** Runs `person …` inside the desk, as the CLI does through its admin socket. */
async function person(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await personCommand.run({
    env: parseDeskEnv({ DESK_WEBHOOK_URL: receiver.url, DESK_WEBHOOK_SECRET: secret }),
    args,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    database: desk.services.database,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const SAM = { name: 'Sam Rivera', email: 'Sam.Rivera@Example.com', phone: '+1 604-555-0134' };
const ALEX = { name: 'Alex Moreau', email: 'alex.moreau@example.com', phone: '+1 604-555-0199' };

function capture(who: typeof SAM, conversationId: string | null, toolCallId: string) {
  return leadBody({
    conversationId,
    toolCallId,
    fields: { ...who, intent: 'buy', consentToContact: true },
  });
}

/** How many rows of each table still name Sam, by id or by what they hold. */
async function samRows(leadId: string): Promise<Record<string, number>> {
  const db = desk.services.database.db;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  return {
    people:
      await count(sql`select count(*) as n from people where email_key = 'sam.rivera@example.com'
      or phone_key like '%6045550134'`),
    leads: await count(sql`select count(*) as n from leads where id = ${leadId}`),
    captures: await count(sql`select count(*) as n from captures where lead_id = ${leadId}`),
    events: await count(sql`select count(*) as n from lead_events where lead_id = ${leadId}`),
    notes: await count(sql`select count(*) as n from lead_notes where text like '%Sam%'`),
    conversations: await count(sql`select count(*) as n from conversations where id = 'sam-only'`),
    anywhere: await count(sql`select count(*) as n from (
        select fields::text as t from captures union all select detail::text from audit_log
        union all select detail::text from lead_events union all select payload::text from jobs
      ) rows where t ilike '%sam%'`),
  };
}

describe('npm run desk -- person export | delete', () => {
  let samLead: string;

  beforeAll(async () => {
    const db = desk.services.database.db;
    // Sam in two conversations, one of them shared with Alex; Alex alone stays.
    for (const [who, conversation, tool] of [
      [SAM, null, 'a'],
      [SAM, 'shared', 'b'],
      [ALEX, 'shared', 'c'],
    ] as const) {
      expect((await postJson(`${desk.url}/leads`, capture(who, conversation, tool))).status).toBe(
        201,
      );
    }
    await db
      .insertInto('conversations')
      .values([
        { id: 'sam-only', source: 'widget', transcript: 'Sam: call me after six', messages: '[]' },
        { id: 'shared', source: 'widget', transcript: 'two visitors', messages: '[]' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await db
      .selectFrom('captures')
      .innerJoin('people', 'people.id', 'captures.person_id')
      .select(['captures.id', 'captures.lead_id'])
      .where('people.email_key', '=', 'sam.rivera@example.com')
      .executeTakeFirstOrThrow();
    samLead = row.lead_id;
    await db
      .updateTable('captures')
      .set({ conversation_id: 'sam-only' })
      .where('id', '=', row.id)
      .execute();
    await db
      .insertInto('lead_notes')
      .values({ id: randomUUID(), capture_id: row.id, lead_id: samLead, text: 'Sam prefers texts' })
      .execute();
  });

  it('exports everything held about the person, found by email or by phone', async () => {
    const byEmail = await person('export', '--email', 'sam.rivera@example.com');
    expect(byEmail.code).toBe(0);
    const data = JSON.parse(byEmail.out) as Record<string, Array<Record<string, unknown>>>;
    expect(data.people).toEqual([expect.objectContaining({ name: SAM.name, email: SAM.email })]);
    expect(data.leads).toEqual([expect.objectContaining({ id: samLead })]);
    expect(data.captures).toHaveLength(2);
    expect(data.conversations?.map((c) => c.id)).toEqual(['sam-only']);
    expect(data.notes?.map((n) => n.text)).toEqual(['Sam prefers texts']);
    expect(data.timeline?.map((e) => e.kind)).toContain('received');
    expect(JSON.stringify(data.captures)).not.toContain(ALEX.email);
    const byPhone = await person('export', '--phone', '(604) 555-0134');
    expect(JSON.parse(byPhone.out).leads).toEqual(data.leads);
    expect((await person('export', '--email', 'nobody@example.com')).code).toBe(1);
    expect((await person('export')).code).toBe(2);
    expect((await person('export', '--phone', 'no digits')).code).toBe(2);
  });

  it('deletes only with --yes, then leaves nothing of the person but a count', async () => {
    const dry = await person('delete', '--email', SAM.email);
    expect(dry.code).toBe(1);
    expect(dry.out).toContain('Run again with --yes');
    expect((await samRows(samLead)).leads).toBe(1);

    const done = await person('delete', '--email', SAM.email, '--yes');
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/Deleted 1 lead\(s\), 2 capture\(s\), 1 conversation\(s\) and 1 note/);
    expect(await samRows(samLead)).toEqual({
      people: 0,
      leads: 0,
      captures: 0,
      events: 0,
      notes: 0,
      conversations: 0,
      anywhere: 0,
    });
    const db = desk.services.database.db;
    // Alex's capture and the conversation they shared stay.
    const left = await db.selectFrom('captures').select('conversation_id').execute();
    expect(left).toEqual([{ conversation_id: 'shared' }]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'person-deleted')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ leads: 1, captures: 2, via: 'cli' });
    expect(JSON.stringify(audit.detail)).not.toMatch(/sam|@|555\D?0134/i);
    expect((await person('delete', '--email', SAM.email, '--yes')).code).toBe(1);
  });

  it('tells downstream systems through the signed webhook, with ids only', async () => {
    const payload = await until(
      () =>
        receiver.messages
          .map((m) => m.payload as Record<string, unknown> | undefined)
          .find((p) => p?.type === 'person.deleted'),
      'person.deleted reached the webhook',
    );
    expect(payload).toMatchObject({ type: 'person.deleted', leadIds: [samLead] });
    expect(payload.captureIds).toHaveLength(2);
    expect(JSON.stringify(payload)).not.toMatch(/sam|@|555\D?0134/i);
  });
});
