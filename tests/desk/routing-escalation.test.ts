import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutingView, TeamMemberInfo } from '../../desk/inbox/api-contract.ts';
import { DEFAULT_RULES } from '../../desk/routing/default-rules.ts';
import type { RoutingDecision, RoutingRule } from '../../desk/routing/rules-contract.ts';
import { TEAM_PHONES } from '../helpers/claim-config.ts';
import { type ClaimDesk, startClaimDesk } from '../helpers/claim-desk.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import type { TestDesk } from '../helpers/desk-harness.ts';
import { until } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn } from '../helpers/inbox-api.ts';
import { postNewLead } from '../helpers/new-lead.ts';
import type { TwilioStandIn } from '../helpers/twilio-stand-in.ts';

const OMAR = { name: 'Omar Haddad', email: 'omar@maple-ridge.example', phone: '+1 604 555 0103' };
const PRIYA = 'priya@maple-ridge.example';

/** A round robin of Priya and Omar, before the catch-all. */
const roundRobin = (weights: [number, number]): RoutingRule[] => [
  {
    id: 'pair',
    name: 'Priya and Omar',
    conditions: {},
    action: {
      type: 'round-robin',
      members: [
        { email: PRIYA, weight: weights[0] },
        { email: OMAR.email, weight: weights[1] },
      ],
    },
  },
  DEFAULT_RULES[2] as RoutingRule,
];

describe.each([pglite(), postgres()])(
  'routing rules with escalation on $name',
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let twilio: TwilioStandIn;
    let broker: ApiSession;

    async function save(rules: RoutingRule[]) {
      const { version } = (await (
        await api(desk.url, broker, '/api/routing')
      ).json()) as RoutingView;
      const res = await api(desk.url, broker, '/api/routing', {
        method: 'PUT',
        body: { rules, version },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }

    /** Who routing gave a lead to (its received line: escalation may have moved it since). */
    async function assignee(captureId: string) {
      const row = await desk.services.database.db
        .selectFrom('captures as c')
        .innerJoin('lead_events as e', 'e.lead_id', 'c.lead_id')
        .select('e.detail')
        .where('c.id', '=', captureId)
        .where('e.kind', '=', 'received')
        .executeTakeFirstOrThrow();
      return (row.detail.routing as RoutingDecision).agent.name;
    }

    let claimDesk: ClaimDesk;

    beforeAll(async () => {
      claimDesk = await startClaimDesk(database);
      ({ desk, twilio } = claimDesk);
      broker = await apiSignIn(desk.url, ACCOUNTS.broker);
      const added = await api(desk.url, broker, '/api/team', {
        method: 'POST',
        body: { ...OMAR, role: 'agent' },
      });
      expect(added.status).toBe(201);
      expect(((await added.json()) as TeamMemberInfo).email).toBe(OMAR.email);
    }, 180_000);
    afterAll(() => claimDesk?.close());

    it('escalates an unclaimed lead to the next member of its round robin, then the broker', async () => {
      // No turns yet: the first is Priya's, the first in the rule. (First in the file: the
      // leads of a later test escalate too, and their texts would mix with these.)
      await save(roundRobin([1, 1]));
      const sent = Date.now();
      const captureId = await postNewLead(desk.url);
      expect(await assignee(captureId)).toBe('Priya Sandhu');
      // The team's order would give Daniel the lead next; the rule gives it to Omar.
      await until(() => twilio.texts.find((t) => t.to === OMAR.phone && t.at >= sent), 'Omar');
      await until(
        () => twilio.texts.find((t) => t.to === TEAM_PHONES.maya && t.at >= sent),
        'the broker',
      );
      const to = twilio.texts
        .filter((t) => t.at >= sent)
        .map((t) => t.to)
        .filter((phone, i, all) => all.indexOf(phone) === i);
      expect(to).toEqual([TEAM_PHONES.priya, OMAR.phone, TEAM_PHONES.maya]);
    }, 40_000);

    it('gives leads arriving together their own turns, never the same one twice', async () => {
      // Priya has had one turn (above): the twelve alternate from Omar, six each (on PostgreSQL,
      // without the counts' row lock, several take the same turn).
      const even = await Promise.all(Array.from({ length: 12 }, () => postNewLead(desk.url)));
      const names = await Promise.all(even.map(assignee));
      expect(names.filter((n) => n === 'Priya Sandhu')).toHaveLength(6);
      expect(names.filter((n) => n === OMAR.name)).toHaveLength(6);
    }, 60_000);
  },
);
