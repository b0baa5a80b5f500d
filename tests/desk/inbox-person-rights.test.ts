import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../desk/inbox/api-contract.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: WebhookReceiver;
let desk: TestDesk;
let broker: ApiSession;
let daniel: ApiSession;
let leadId: string;

const SAM = { name: 'Sam Rivera', email: 'sam.rivera@example.com', phone: '+1 604-555-0134' };

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  desk = await startTestDesk(
    { DESK_WEBHOOK_URL: receiver.url, DESK_WEBHOOK_SECRET: secret },
    { weeklyReport: false, pollMs: 50 },
  );
  await createAccounts(desk.services.database.db);
  [broker, daniel] = await Promise.all([
    apiSignIn(desk.url, ACCOUNTS.broker),
    apiSignIn(desk.url, ACCOUNTS.daniel),
  ]);
  // Sam's lead goes to Daniel (his listing), with a transcript and a broker's note.
  const res = await postJson(
    `${desk.url}/leads`,
    leadBody({
      conversationId: 'sam-call',
      fields: { ...SAM, intent: 'buy', consentToContact: true },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const conversation = await postJson(`${desk.url}/leads`, {
    kind: 'conversation',
    idempotencyKey: 'conv-sam-call',
    conversationId: 'sam-call',
    messages: [{ role: 'user', text: 'Call me after six about Linden Court', secondsFromStart: 2 }],
  });
  expect(conversation.status, await conversation.clone().text()).toBeLessThan(300);
  const captureId = String(((await res.json()) as { id: string }).id);
  const lead = (await (
    await api(desk.url, broker, `/api/leads/${captureId}`)
  ).json()) as LeadDetail;
  leadId = lead.id;
  const note = await api(desk.url, broker, `/api/leads/${leadId}/notes`, {
    method: 'POST',
    body: { text: 'Sam prefers texts' },
  });
  expect(note.status).toBe(200);
}, 120_000);
afterAll(() => Promise.all([desk?.close(), receiver?.close()]));

const personPath = () => `/api/leads/${leadId}/person`;
const audited = (action: string) =>
  desk.services.database.db
    .selectFrom('audit_log')
    .select(['user_email', 'detail'])
    .where('action', '=', action)
    .execute();

describe("a person's data from the lead's page", () => {
  it('refuses an agent both, even on their own lead', async () => {
    const seen = await api(desk.url, daniel, `/api/leads/${leadId}`);
    expect(seen.status).toBe(200);
    const exported = await api(desk.url, daniel, personPath());
    expect(exported.status).toBe(403);
    expect(await exported.json()).toMatchObject({ error: { code: 'forbidden' } });
    const deleted = await api(desk.url, daniel, personPath(), {
      method: 'DELETE',
      body: { confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(403);
    expect(await audited('person-exported')).toEqual([]);
  });

  it("gives a broker a JSON file of the person's captures, notes and transcript, audited", async () => {
    const res = await api(desk.url, broker, personPath());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="person-${leadId}.json"`,
    );
    const data = (await res.json()) as Record<string, Array<Record<string, unknown>>>;
    expect(data.people).toEqual([expect.objectContaining({ name: SAM.name, email: SAM.email })]);
    expect(data.leads?.map((l) => l.id)).toEqual([leadId]);
    expect(data.captures).toHaveLength(1);
    expect(data.notes?.map((n) => n.text)).toEqual(['Sam prefers texts']);
    expect(JSON.stringify(data.conversations)).toContain('Call me after six about Linden Court');
    const rows = await audited('person-exported');
    expect(rows).toEqual([
      { user_email: ACCOUNTS.broker.email, detail: { leads: 1, captures: 1, via: 'inbox' } },
    ]);
    expect(
      (await api(desk.url, broker, '/api/leads/00000000-0000-4000-8000-000000000000/person'))
        .status,
    ).toBe(404);
  });

  it('deletes only with the CSRF token and the typed confirmation', async () => {
    const noCsrf = await api(desk.url, broker, personPath(), {
      method: 'DELETE',
      body: { confirm: 'DELETE' },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
    expect(await noCsrf.json()).toMatchObject({ error: { code: 'csrf' } });
    const unconfirmed = await api(desk.url, broker, personPath(), {
      method: 'DELETE',
      body: { confirm: 'delete' },
    });
    expect(unconfirmed.status).toBe(400);
    expect((await api(desk.url, broker, `/api/leads/${leadId}`)).status).toBe(200);
  });

  it('erases the person, tells the webhook, and leaves a count in the audit log', async () => {
    const res = await api(desk.url, broker, personPath(), {
      method: 'DELETE',
      body: { confirm: 'DELETE' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ leads: 1, captures: 1, notes: 1, eventsQueued: 1 });
    expect((await api(desk.url, broker, `/api/leads/${leadId}`)).status).toBe(404);
    const db = desk.services.database.db;
    expect(await db.selectFrom('people').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('lead_notes').select('id').execute()).toEqual([]);
    const payload = await until(
      () =>
        receiver.messages
          .map((m) => m.payload as Record<string, unknown> | undefined)
          .find((p) => p?.type === 'person.deleted'),
      'person.deleted reached the webhook',
    );
    expect(payload).toMatchObject({ type: 'person.deleted', leadIds: [leadId] });
    expect(JSON.stringify(payload)).not.toMatch(/sam|@|555\D?0134/i);
    const rows = await audited('person-deleted');
    expect(rows).toEqual([
      {
        user_email: ACCOUNTS.broker.email,
        detail: expect.objectContaining({ leads: 1, captures: 1, via: 'inbox' }),
      },
    ]);
    const again = await api(desk.url, broker, personPath(), {
      method: 'DELETE',
      body: { confirm: 'DELETE' },
    });
    expect(again.status).toBe(404);
  });
});
