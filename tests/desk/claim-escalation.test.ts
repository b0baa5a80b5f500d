import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimAnswer, LeadDetail } from '../../desk/inbox/api-contract.ts';
import { TEAM_PHONES, TEST_CLAIM_MINUTES } from '../helpers/claim-config.ts';
import { type ClaimDesk, startClaimDesk } from '../helpers/claim-desk.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { type TestDesk, until } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn } from '../helpers/inbox-api.ts';
import { postNewLead } from '../helpers/new-lead.ts';
import type { TwilioStandIn } from '../helpers/twilio-stand-in.ts';

const CLAIM_MINUTES = TEST_CLAIM_MINUTES;
const DANIEL = TEAM_PHONES.daniel;
const PRIYA = TEAM_PHONES.priya;
const MAYA = TEAM_PHONES.maya;

describe.each([pglite(), postgres()])(
  'claim and escalation on $name',
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let twilio: TwilioStandIn;
    let broker: ApiSession;
    let daniel: ApiSession;

    const addLead = () => postNewLead(desk.url);

    async function leadOf(captureId: string) {
      const row = await desk.services.database.db
        .selectFrom('captures as c')
        .innerJoin('leads as l', 'l.id', 'c.lead_id')
        .select(['l.id', 'l.assigned_name', 'l.claimed_by', 'l.escalation_step'])
        .where('c.id', '=', captureId)
        .executeTakeFirstOrThrow();
      const events = await desk.services.database.db
        .selectFrom('lead_events')
        .select(['kind', 'detail'])
        .where('lead_id', '=', row.id)
        .orderBy('id')
        .execute();
      return { ...row, events };
    }

    const textsTo = (phone: string) => twilio.texts.filter((t) => t.to === phone);

    let claimDesk: ClaimDesk;

    beforeAll(async () => {
      claimDesk = await startClaimDesk(database);
      ({ desk, twilio } = claimDesk);
      [broker, daniel] = await Promise.all([
        apiSignIn(desk.url, ACCOUNTS.broker),
        apiSignIn(desk.url, ACCOUNTS.daniel),
      ]);
    }, 180_000);
    afterAll(() => claimDesk?.close());

    it('texts the agent at once, then escalates an unclaimed lead to the next agent and the broker', async () => {
      const sent = Date.now();
      const captureId = await addLead();
      const first = await until(
        () => textsTo(DANIEL).find((t) => t.at >= sent),
        'the text to Daniel',
        5000,
      );
      expect(first.body).toMatch(/^New lead: Sam R\., 14 Linden Ct\. Claim: http/);
      const toPriya = await until(
        () => textsTo(PRIYA).find((t) => t.at >= sent),
        'the text to Priya',
      );
      // Not before the claim window (3 s) ran out.
      expect(toPriya.at - sent).toBeGreaterThanOrEqual(CLAIM_MINUTES * 60_000 - 200);
      await until(() => textsTo(MAYA).find((t) => t.at >= sent), 'the text to the broker');
      const lead = await leadOf(captureId);
      expect(lead.assigned_name).toBe('Maya Chen');
      expect(lead.escalation_step).toBe(2);
      const steps = lead.events.filter((e) => e.kind === 'escalated');
      expect(steps.map((e) => [e.detail.toName, e.detail.reason])).toEqual([
        ['Priya Sandhu', 'not claimed in 0.05 min'],
        ['Maya Chen', 'not claimed in 0.05 min'],
      ]);
      // The end of the line: no further step, no second text to anyone.
      await new Promise((r) => setTimeout(r, CLAIM_MINUTES * 60_000 + 500));
      expect((await leadOf(captureId)).events.filter((e) => e.kind === 'escalated')).toHaveLength(
        2,
      );
      expect(twilio.texts.filter((t) => t.at >= sent).map((t) => t.to)).toEqual([
        DANIEL,
        PRIYA,
        MAYA,
      ]);
      // Priya's alert email went out too, through the outbox.
      const detail = (await (
        await api(desk.url, broker, `/api/leads/${captureId}`)
      ).json()) as LeadDetail;
      expect(detail.assignedTo.name).toBe('Maya Chen');
      // Each step's alerts are on the lead's page, named for whom they went to.
      expect(detail.deliveries.map((d) => d.name)).toEqual(
        expect.arrayContaining([
          'Email alert to Daniel Okafor',
          'Text to Daniel Okafor',
          'Email alert to Priya Sandhu (escalated)',
          'Text to Priya Sandhu (escalated)',
          'Email alert to Maya Chen (escalated)',
          'Text to Maya Chen (escalated)',
        ]),
      );
    }, 40_000);

    it('a claimed lead stays with its agent', async () => {
      const captureId = await addLead();
      const res = await api(desk.url, daniel, `/api/leads/${captureId}/claim`, { method: 'POST' });
      expect(res.status, await res.clone().text()).toBe(200);
      const claim = (await res.json()) as ClaimAnswer;
      expect(claim.claimedBy.name).toBe('Daniel Okafor');
      // Claiming again changes nothing.
      const again = await api(desk.url, daniel, `/api/leads/${claim.leadId}/claim`, {
        method: 'POST',
      });
      expect(again.status).toBe(200);
      await new Promise((r) => setTimeout(r, CLAIM_MINUTES * 60_000 + 1000));
      const lead = await leadOf(captureId);
      expect(lead.assigned_name).toBe('Daniel Okafor');
      // Besides the alerts' lines: received, then the claim, and no escalation.
      const moves = lead.events.filter((e) => e.kind !== 'alert');
      expect(moves.map((e) => e.kind)).toEqual(['received', 'claimed']);
      expect(moves[1]?.detail).toMatchObject({ via: 'claim', name: 'Daniel Okafor' });
    }, 20_000);

    it('of two pressing Claim at once, one wins and the other hears who has it', async () => {
      const captureId = await addLead();
      const [a, b] = await Promise.all([
        api(desk.url, daniel, `/api/leads/${captureId}/claim`, { method: 'POST' }),
        api(desk.url, broker, `/api/leads/${captureId}/claim`, { method: 'POST' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      const winner = a.status === 200 ? 'Daniel' : 'Maya';
      expect(await loser.json()).toEqual({
        error: { code: 'claimed', message: `${winner} claimed this lead` },
      });
      const lead = await leadOf(captureId);
      expect(lead.events.filter((e) => e.kind === 'claimed')).toHaveLength(1);
    });

    it('setting a lead Contacted claims it', async () => {
      const captureId = await addLead();
      const res = await api(desk.url, daniel, `/api/leads/${captureId}`, {
        method: 'PATCH',
        body: { status: 'Contacted' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const lead = await leadOf(captureId);
      expect(lead.claimed_by).not.toBeNull();
      expect(lead.events.find((e) => e.kind === 'claimed')?.detail).toMatchObject({
        via: 'contact',
      });
    });

    it("an agent cannot claim another agent's lead (404)", async () => {
      const captureId = await addLead();
      const priya = await apiSignIn(desk.url, ACCOUNTS.priya);
      const res = await api(desk.url, priya, `/api/leads/${captureId}/claim`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect((await leadOf(captureId)).claimed_by).toBeNull();
    });

    it('a Twilio 4xx is dead at once with its message, shown on the lead', async () => {
      twilio.failNext(1, {
        status: 400,
        body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
      });
      const captureId = await addLead();
      const sms = await until(async () => {
        const detail = (await (
          await api(desk.url, broker, `/api/leads/${captureId}`)
        ).json()) as LeadDetail;
        return detail.deliveries.find((d) => d.adapter === 'sms' && d.status === 'dead');
      }, 'the dead text');
      expect(sms.attempts).toBe(1);
      expect(sms.lastError).toBe(
        "Twilio HTTP 400: 21211: The 'To' number is not a valid phone number.",
      );
      await api(desk.url, daniel, `/api/leads/${captureId}/claim`, { method: 'POST' });
    });

    it('texts held back by a Twilio outage go out once when it returns', async () => {
      twilio.fail({ status: 503, body: 'Service Unavailable' });
      const sent = Date.now();
      const before = twilio.requestCount();
      const captureId = await addLead();
      await until(() => twilio.requestCount() >= before + 3, 'three refused tries');
      expect(textsTo(DANIEL).filter((t) => t.at >= sent)).toHaveLength(0);
      await api(desk.url, daniel, `/api/leads/${captureId}/claim`, { method: 'POST' });
      twilio.recover();
      await until(() => textsTo(DANIEL).find((t) => t.at >= sent), 'the text after the outage');
      await new Promise((r) => setTimeout(r, 800));
      expect(textsTo(DANIEL).filter((t) => t.at >= sent)).toHaveLength(1);
    });
  },
);
