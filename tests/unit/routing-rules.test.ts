import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../desk/routing/default-rules.ts';
import { nextTurn } from '../../desk/routing/round-robin.ts';
import { parsePrice, type RoutingFacts } from '../../desk/routing/rule-facts.ts';
import { evaluateRules, type RoutingMember } from '../../desk/routing/rules.ts';
import type { RoutingRule } from '../../desk/routing/rules-contract.ts';
import { escalateByRules } from '../../desk/routing/rules-escalation.ts';
import { parseRules, RoutingRulesError } from '../../desk/routing/rules-validate.ts';

const member = (name: string, role: RoutingMember['role'], more: Partial<RoutingMember> = {}) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: '',
  role,
  owns: [],
  active: true,
  paused: false,
  onDuty: false,
  ...more,
});

const TEAM: RoutingMember[] = [
  member('Maya', 'broker'),
  member('Daniel', 'agent', { owns: ['MRR-14'] }),
  member('Priya', 'agent', { onDuty: true }),
];

const FACTS: RoutingFacts = {
  listingId: null,
  listingAgent: null,
  address: '12 Elm Street, North Vancouver, BC',
  price: '$1,250,000',
  kind: 'lead',
  language: 'en-CA',
  pagePath: '/listings/12',
  source: 'direct',
  officeOpen: true,
};

const CATCH_ALL = DEFAULT_RULES[2] as RoutingRule;

/** A round-robin rule `rr` over the named members, weight 1 each. */
const roundRobin = (...names: string[]): RoutingRule => ({
  id: 'rr',
  name: 'RR',
  conditions: {},
  action: {
    type: 'round-robin',
    members: names.map((n) => ({ email: `${n}@example.com`, weight: 1 })),
  },
});
const isMember = (email: string) => TEAM.some((m) => m.email === email);

describe('the default rules', () => {
  it('give a listing to its agent, else the on-duty agent in office hours, else the broker', () => {
    const rules = [...DEFAULT_RULES];
    const owned = evaluateRules(rules, { ...FACTS, listingId: 'mrr-14' }, TEAM);
    expect([owned?.agent.name, owned?.reason]).toEqual(['Daniel', 'listing-agent']);
    expect(evaluateRules(rules, FACTS, TEAM)?.decision).toEqual({
      ruleId: 'on-duty',
      ruleName: 'On duty in office hours',
      step: 2,
      agent: { name: 'Priya', email: 'priya@example.com' },
      skipped: [{ name: 'Listing agent', why: 'no match' }],
    });
    const closed = evaluateRules(rules, { ...FACTS, officeOpen: false }, TEAM);
    expect([closed?.agent.name, closed?.decision.step]).toEqual(['Maya', 3]);
  });

  it('pass over a paused listing agent and say so', () => {
    const team = TEAM.map((m) => (m.name === 'Daniel' ? { ...m, paused: true } : m));
    const outcome = evaluateRules([...DEFAULT_RULES], { ...FACTS, listingId: 'MRR-14' }, team);
    expect(outcome?.agent.name).toBe('Priya');
    expect(outcome?.decision.skipped).toEqual([
      { name: 'Daniel', why: 'paused' },
      { name: 'Listing agent', why: 'no match' },
    ]);
  });

  it('call the on-duty agent off duty when the office is closed', () => {
    const onDuty: RoutingRule = {
      id: 'd',
      name: 'Duty',
      conditions: {},
      action: { type: 'on-duty' },
    };
    const outcome = evaluateRules([onDuty, CATCH_ALL], { ...FACTS, officeOpen: false }, TEAM);
    expect(outcome?.decision.skipped).toEqual([
      { name: 'Priya', why: 'off duty' },
      { name: 'Duty', why: 'no match' },
    ]);
  });
});

describe('conditions', () => {
  const to = (conditions: RoutingRule['conditions']): RoutingRule[] => [
    { id: 'r', name: 'R', conditions, action: { type: 'agent', email: 'daniel@example.com' } },
    CATCH_ALL,
  ];
  const who = (conditions: RoutingRule['conditions'], facts: Partial<RoutingFacts> = {}) =>
    evaluateRules(to(conditions), { ...FACTS, ...facts }, TEAM)?.agent.name;

  it('match a city as a whole word, any case', () => {
    expect(who({ cities: ['north vancouver'] })).toBe('Daniel');
    expect(who({ cities: ['Vancouver'] })).toBe('Daniel');
    expect(who({ cities: ['Couver'] })).toBe('Maya');
  });

  it('match a price range, both ends included, and no price never', () => {
    expect(who({ priceMin: 1_250_000, priceMax: 1_250_000 })).toBe('Daniel');
    expect(who({ priceMax: 1_000_000 })).toBe('Maya');
    expect(who({ priceMin: 1 }, { price: null })).toBe('Maya');
  });

  it('match the primary language, a page path prefix, a source, all together', () => {
    expect(who({ languages: ['EN'], pagePaths: ['/listings/'], sources: ['Direct'] })).toBe(
      'Daniel',
    );
    expect(who({ languages: ['fr'] })).toBe('Maya');
    expect(who({ pagePaths: ['/rentals/'] })).toBe('Maya');
  });
});

describe('round robin', () => {
  it('takes turns by served over weight, ties in the rule’s order', () => {
    const turns = [
      { email: 'a', weight: 3, served: 0 },
      { email: 'b', weight: 1, served: 0 },
    ];
    const order: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const next = nextTurn(turns);
      if (!next) {
        throw new Error('no turn');
      }
      order.push(next.email);
      next.served += 1;
    }
    expect(order).toEqual(['a', 'b', 'a', 'a', 'a', 'b', 'a', 'a']);
    expect(nextTurn([])).toBeNull();
  });

  it('picks with the counts given, and names the turn it takes', () => {
    const rr = roundRobin('daniel', 'priya');
    const served = () => new Map([['daniel@example.com', 1]]);
    const outcome = evaluateRules([rr, CATCH_ALL], FACTS, TEAM, served);
    expect(outcome?.turn).toEqual({ ruleId: 'rr', email: 'priya@example.com' });
  });
});

describe('parseRules', () => {
  const problem = (rules: unknown) => {
    try {
      parseRules(rules, isMember);
      return null;
    } catch (error) {
      return error instanceof RoutingRulesError ? error.field : 'other';
    }
  };

  it('takes the default rules as they are', () => {
    expect(parseRules(DEFAULT_RULES, isMember)).toEqual(DEFAULT_RULES);
  });

  it('keeps the catch-all last and present', () => {
    expect(problem([])).toBe('rules');
    expect(problem([DEFAULT_RULES[0]])).toBe('rules[0]');
    expect(problem([CATCH_ALL, DEFAULT_RULES[0]])).toBe('rules[0]');
  });

  it('names the bad field', () => {
    const with1 = (r: Record<string, unknown>) => [
      { id: 'x', name: 'X', conditions: {}, ...r },
      CATCH_ALL,
    ];
    expect(problem(with1({ action: { type: 'agent', email: 'who@example.com' } }))).toBe(
      'rules[0].action.email',
    );
    expect(problem(with1({ action: { type: 'round-robin', members: [] } }))).toBe(
      'rules[0].action.members',
    );
    expect(
      problem(
        with1({
          action: { type: 'round-robin', members: [{ email: 'maya@example.com', weight: 0 }] },
        }),
      ),
    ).toBe('rules[0].action.members[0].weight');
    expect(
      problem(with1({ conditions: { priceMin: 2, priceMax: 1 }, action: { type: 'on-duty' } })),
    ).toBe('rules[0].conditions.priceMin');
    expect(problem(with1({ conditions: { colour: ['red'] }, action: { type: 'on-duty' } }))).toBe(
      'rules[0].conditions.colour',
    );
    expect(
      problem(with1({ conditions: { languages: ['french!'] }, action: { type: 'on-duty' } })),
    ).toBe('rules[0].conditions.languages[0]');
    expect(
      problem([
        { ...CATCH_ALL, id: 'x' },
        { ...CATCH_ALL, id: 'x' },
      ]),
    ).toBe('rules[1].id');
  });
});

describe('parsePrice', () => {
  it('reads a listing’s price text', () => {
    expect(parsePrice('$1,250,000')).toBe(1_250_000);
    expect(parsePrice('$1.2M')).toBe(1_200_000);
    expect(parsePrice('850k')).toBe(850_000);
    expect(parsePrice('Price on request')).toBeNull();
  });
});

describe('escalateByRules', () => {
  const rr = roundRobin('daniel', 'omar', 'priya');
  const team = [...TEAM, member('Omar', 'agent', { paused: true })];

  it('goes to the next available member of the round robin who has not had it', () => {
    const next = escalateByRules([rr, CATCH_ALL], { ruleId: 'rr' }, FACTS, team, [
      'daniel@example.com',
    ]);
    expect(next?.name).toBe('Priya');
    expect(
      escalateByRules([rr, CATCH_ALL], { ruleId: 'rr' }, FACTS, team, [
        'daniel@example.com',
        'priya@example.com',
      ]),
    ).toBeNull();
  });

  it('else to the agent of the next later rule that matches the lead', () => {
    const rules = [...DEFAULT_RULES];
    const tried = ['daniel@example.com'];
    expect(escalateByRules(rules, { ruleId: 'listing-agent' }, FACTS, TEAM, tried)?.name).toBe(
      'Priya',
    );
    const closed = { ...FACTS, officeOpen: false };
    expect(escalateByRules(rules, { ruleId: 'listing-agent' }, closed, TEAM, tried)).toBeNull();
  });
});
