// Over 300 lines as one concept: the routing rules end to end on one desk (issue 27 §3), whose
// saved rules and round-robin counts each test builds on in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, RoutingView, TeamMemberInfo } from '../../desk/inbox/api-contract.ts';
import { DEFAULT_RULES } from '../../desk/routing/default-rules.ts';
import type {
  RoutingDecision,
  RoutingRule,
  RoutingSet,
} from '../../desk/routing/rules-contract.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';

// Wednesday 10:00 in Vancouver: the office is open.
const clock = Date.parse('2026-11-25T18:00:00Z');
const OPEN_AT = '2026-11-25T19:01:00.000Z';
// Wednesday 22:00 in Vancouver: closed.
const CLOSED_AT = '2026-11-26T06:00:00.000Z';
const MAYA = ACCOUNTS.broker.email;
const DANIEL = ACCOUNTS.daniel.email;
const PRIYA = 'priya@maple-ridge.example';

let desk: TestDesk;
let broker: ApiSession;

beforeAll(async () => {
  desk = await startTestDesk(
    {},
    { deliver: false, weeklyReport: false, now: () => new Date(clock) },
  );
  await createAccounts(desk.services.database.db);
  broker = await apiSignIn(desk.url, ACCOUNTS.broker);
}, 120_000);
afterAll(() => desk?.close());

const CATCH_ALL: RoutingRule = DEFAULT_RULES[2] as RoutingRule;

async function current(): Promise<RoutingView> {
  const res = await api(desk.url, broker, '/api/routing');
  expect(res.status).toBe(200);
  return (await res.json()) as RoutingView;
}

/** Saves `rules` (the catch-all added last) over the version now saved. */
async function save(rules: RoutingRule[]): Promise<RoutingSet> {
  const { version } = await current();
  const res = await api(desk.url, broker, '/api/routing', {
    method: 'PUT',
    body: { rules: [...rules, CATCH_ALL], version },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RoutingSet;
}

const rule = (id: string, conditions: RoutingRule['conditions'], action: RoutingRule['action']) =>
  ({ id, name: `Rule ${id}`, conditions, action }) satisfies RoutingRule;
const toPriya = (id: string, conditions: RoutingRule['conditions']) =>
  rule(id, conditions, { type: 'agent', email: PRIYA });

let person = 0;
/** A new person's lead; answers its assignee and its `routing`. */
async function route(overrides: Record<string, unknown> = {}) {
  person += 1;
  const res = await postJson(
    `${desk.url}/leads`,
    leadBody({
      conversationId: `routing-${person}`,
      capturedAt: OPEN_AT,
      listing: { address: '9 Birch Way, Maple Ridge', id: 'MRR-9-BIRCH', price: '$850,000' },
      fields: {
        name: `Visitor ${person}`,
        email: `rv${person}@example.com`,
        phone: `604 555 ${String(2000 + person)}`,
        intent: 'buy',
        consentToContact: true,
      },
      ...overrides,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const detail = await api(desk.url, broker, `/api/leads/${id}`);
  const lead = (await detail.json()) as LeadDetail;
  return { name: lead.assignedTo.name, routing: lead.routing };
}

describe('the default rules', () => {
  it('are today’s routing, version 0, with the team', async () => {
    const view = await current();
    expect(view.version).toBe(0);
    expect(view.rules.map((r) => r.name)).toEqual([
      'Listing agent',
      'On duty in office hours',
      'Everything else',
    ]);
    expect(view.team.map((m) => [m.email, m.role, m.onDuty])).toEqual([
      [MAYA, 'broker', false],
      [DANIEL, 'agent', false],
      [PRIYA, 'agent', true],
    ]);
  });

  it('say why a lead went where it went', async () => {
    const owned = await route({ listing: { id: 'MRR-14-LINDEN', agentName: 'Daniel' } });
    expect(owned.name).toBe('Daniel Okafor');
    expect(owned.routing).toMatchObject({ ruleId: 'listing-agent', step: 1, skipped: [] });
    const night = await route({ capturedAt: CLOSED_AT });
    expect(night.name).toBe('Maya Chen');
    expect(night.routing).toMatchObject({
      ruleName: 'Everything else',
      step: 3,
      skipped: [{ name: 'Listing agent', why: 'no match' }],
    });
  });
});

describe('each condition', () => {
  const cases: [
    string,
    RoutingRule['conditions'],
    Record<string, unknown>,
    Record<string, unknown>,
  ][] = [
    [
      'listing id',
      { listingIds: ['mrr-77'] },
      { listing: { id: 'MRR-77' } },
      { listing: { id: 'MRR-78' } },
    ],
    [
      'listing agent',
      { listingAgents: ['jo lee'] },
      { listing: { id: 'X1', agentName: 'Jo Lee' } },
      { listing: { id: 'X1', agentName: 'Jo' } },
    ],
    [
      'city',
      { cities: ['Port Moody'] },
      { listing: { address: '3 Elm St, Port Moody, BC' } },
      { listing: { address: '3 Moody Rd, Port Coquitlam' } },
    ],
    [
      'price range',
      { priceMin: 1_000_000, priceMax: 2_000_000 },
      { listing: { id: 'P', price: '$1,250,000' } },
      { listing: { id: 'P', price: '$850,000' } },
    ],
    [
      'kind',
      { kinds: ['viewing'] },
      {
        kind: 'viewing-request',
        fields: {
          name: 'V',
          phone: '604 555 7711',
          preferredTimes: ['Saturday morning'],
          consentToContact: true,
        },
      },
      {},
    ],
    ['language', { languages: ['fr'] }, { language: 'fr-CA' }, { language: 'en' }],
    [
      'page path',
      { pagePaths: ['/listings/'] },
      { pageUrl: 'https://maple.example/listings/9' },
      { pageUrl: 'https://maple.example/about' },
    ],
    [
      'source',
      { sources: ['zillow'] },
      { consent: { version: 'v1', acceptedAt: OPEN_AT }, visitSource: { utmSource: 'zillow' } },
      {
        consent: { version: 'v1', acceptedAt: OPEN_AT },
        visitSource: { referrerHost: 'google.com' },
      },
    ],
    ['office hours', { officeHours: 'closed' }, { capturedAt: CLOSED_AT }, {}],
  ];
  for (const [name, conditions, matching, other] of cases) {
    it(`routes by ${name}`, async () => {
      await save([toPriya(`by-${name}`, conditions)]);
      const hit = await route(matching);
      expect(hit.name).toBe('Priya Sandhu');
      expect(hit.routing).toMatchObject({ ruleId: `by-${name}`, step: 1 });
      const miss = await route(other);
      expect(miss.name).toBe('Maya Chen');
      expect(miss.routing?.ruleId).toBe('catch-all');
    });
  }
});

describe('the capture’s language', () => {
  it('is stored as the widget sent it, and refused when it is no BCP 47 tag', async () => {
    const bad = await postJson(`${desk.url}/leads`, leadBody({ language: 'french please' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('language');
    const good = await postJson(
      `${desk.url}/leads`,
      leadBody({ conversationId: 'lang-1', language: 'es-MX' }),
    );
    const { id } = (await good.json()) as { id: string };
    const row = await desk.services.database.db
      .selectFrom('captures')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('es-MX');
  });
});

/** A rule that shares every lead between Daniel and Priya, by these weights. */
const roundRobin = (id: string, daniel: number, priya: number) =>
  rule(
    id,
    {},
    {
      type: 'round-robin',
      members: [
        { email: DANIEL, weight: daniel },
        { email: PRIYA, weight: priya },
      ],
    },
  );

/** The names of the agents `count` leads, routed one after another, went to. */
async function routeEach(count: number): Promise<(string | null)[]> {
  const names: (string | null)[] = [];
  for (let i = 0; i < count; i += 1) {
    names.push((await route()).name);
  }
  return names;
}

describe('round robin', () => {
  it('alternates, weighted 3:1 over 8 leads', async () => {
    await save([roundRobin('even', 1, 1)]);
    const even = await routeEach(4);
    expect(even).toEqual(['Daniel Okafor', 'Priya Sandhu', 'Daniel Okafor', 'Priya Sandhu']);
    await save([roundRobin('weighted', 3, 1)]);
    const names = await routeEach(8);
    expect(names.filter((n) => n === 'Daniel Okafor')).toHaveLength(6);
    expect(names.filter((n) => n === 'Priya Sandhu')).toHaveLength(2);
  });

  it('gives two leads arriving together different turns', async () => {
    await save([roundRobin('pair', 1, 1)]);
    const both = await Promise.all([route(), route()]);
    expect(both.map((b) => b.name).sort()).toEqual(['Daniel Okafor', 'Priya Sandhu']);
  });

  it('does not move on a try', async () => {
    const tried = async () => {
      const res = await api(desk.url, broker, '/api/routing/try', {
        method: 'POST',
        body: { sample: { kind: 'lead', at: OPEN_AT } },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as RoutingDecision).agent.name;
    };
    const first = await tried();
    expect(await tried()).toBe(first);
    expect((await route()).name).toBe(first);
    expect(await tried()).not.toBe(first);
  });

  it('skips a paused agent and an inactive one, and says so', async () => {
    const added = await api(desk.url, broker, '/api/team', {
      method: 'POST',
      body: { name: 'Lee Park', email: 'lee@maple-ridge.example', role: 'agent' },
    });
    const lee = (await added.json()) as TeamMemberInfo;
    await save([
      rule(
        'three',
        {},
        {
          type: 'round-robin',
          members: [
            { email: DANIEL, weight: 1 },
            { email: lee.email, weight: 1 },
            { email: PRIYA, weight: 1 },
          ],
        },
      ),
    ]);
    const team = (await (await api(desk.url, broker, '/api/team')).json()) as {
      members: TeamMemberInfo[];
    };
    const daniel = team.members.find((m) => m.email === DANIEL) as TeamMemberInfo;
    await api(desk.url, broker, `/api/team/${daniel.id}`, {
      method: 'PATCH',
      body: { pausedFrom: '2026-11-24', pausedTo: '2026-11-27' },
    });
    await api(desk.url, broker, `/api/team/${lee.id}/deactivate`, { method: 'POST' });
    for (let i = 0; i < 3; i += 1) {
      const lead = await route();
      expect(lead.name).toBe('Priya Sandhu');
      expect(lead.routing?.skipped).toEqual([
        { name: 'Daniel Okafor', why: 'paused' },
        { name: 'Lee Park', why: 'inactive' },
      ]);
    }
  });

  it('matching nobody, falls to the catch-all, and the lead says why', async () => {
    await save([
      rule('away', {}, { type: 'round-robin', members: [{ email: DANIEL, weight: 2 }] }),
    ]);
    const lead = await route();
    expect(lead.name).toBe('Maya Chen');
    expect(lead.routing).toEqual({
      ruleId: 'catch-all',
      ruleName: 'Everything else',
      step: 2,
      agent: { name: 'Maya Chen', email: MAYA },
      skipped: [
        { name: 'Daniel Okafor', why: 'paused' },
        { name: 'Rule away', why: 'no match' },
      ],
    });
  });
});

describe('saving', () => {
  const put = (body: unknown, session = broker) =>
    api(desk.url, session, '/api/routing', { method: 'PUT', body });

  it('refuses rules that cannot route, naming the field', async () => {
    const { version } = await current();
    const bad: [RoutingRule[], string][] = [
      [[toPriya('x', {})], 'rules[0]'],
      [[CATCH_ALL, toPriya('x', {})], 'rules[0]'],
      [
        [rule('x', {}, { type: 'agent', email: 'nobody@example.com' }), CATCH_ALL],
        'rules[0].action.email',
      ],
      [[rule('x', {}, { type: 'round-robin', members: [] }), CATCH_ALL], 'rules[0].action.members'],
      [
        [
          rule('x', {}, { type: 'round-robin', members: [{ email: PRIYA, weight: 11 }] }),
          CATCH_ALL,
        ],
        'rules[0].action.members[0].weight',
      ],
      [[toPriya('x', { priceMin: 5, priceMax: 1 }), CATCH_ALL], 'rules[0].conditions.priceMin'],
    ];
    for (const [rules, field] of bad) {
      const res = await put({ rules, version });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid-rules', field } });
    }
    expect((await current()).version).toBe(version);
  });

  it('refuses a save over a version someone else replaced', async () => {
    const { version, rules } = await current();
    expect((await put({ rules, version })).status).toBe(200);
    const stale = await put({ rules, version });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: 'version-conflict' } });
  });

  it('is audited, with who and the rules before and after', async () => {
    const before = await current();
    const after = await save([toPriya('audited', { languages: ['es'] })]);
    const row = await desk.services.database.db
      .selectFrom('audit_log')
      .select(['user_email', 'detail'])
      .where('action', '=', 'routing-rules')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.user_email).toBe(MAYA);
    expect(row.detail).toMatchObject({ before: before.rules, after: after.rules });
  });

  it('is the broker’s only: 403 for an agent or without the CSRF token, 401 signed out', async () => {
    const agent = await apiSignIn(desk.url, ACCOUNTS.daniel);
    expect((await api(desk.url, agent, '/api/routing')).status).toBe(403);
    expect((await put({ rules: [CATCH_ALL], version: 0 }, agent)).status).toBe(403);
    expect((await api(desk.url, null, '/api/routing')).status).toBe(401);
    const { version, rules } = await current();
    const noToken = await api(desk.url, broker, '/api/routing', {
      method: 'PUT',
      body: { rules, version },
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    expect((await current()).version).toBe(version);
  });
});
