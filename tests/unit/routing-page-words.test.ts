import { describe, expect, it } from 'vitest';
import {
  actionText,
  conditionsText,
  decisionText,
} from '../../desk/inbox/app/lib/routing-words.ts';
import {
  addRule,
  fieldTarget,
  listOf,
  moveRule,
  removeRule,
} from '../../desk/inbox/app/pages/routing/rules-draft.ts';
import type { RoutingRule } from '../../desk/routing/rules-contract.ts';

const DANIEL = { name: 'Daniel Okafor', email: 'daniel@maple-ridge.example' };
const TEAM = [DANIEL, { name: 'Priya Sandhu', email: 'priya@maple-ridge.example' }];

const rule = (id: string): RoutingRule => ({
  id,
  name: id,
  conditions: {},
  action: { type: 'on-duty' },
});

describe("the Routing page's words", () => {
  it('says a rule’s conditions the way the broker reads them', () => {
    expect(
      conditionsText({
        cities: ['Kitsilano'],
        priceMin: 1_000_000,
        priceMax: 2_000_000,
        kinds: ['viewing'],
      }),
    ).toBe('Listing in Kitsilano, price $1M–$2M, viewing requests');
    expect(conditionsText({})).toBe('Every lead');
    expect(conditionsText({ priceMax: 750_000, languages: ['fr'], officeHours: 'closed' })).toBe(
      'Price up to $750K, in French, outside office hours',
    );
    expect(conditionsText({ sources: ['google', 'direct'], pagePaths: ['/listings/'] })).toBe(
      'From pages under /listings/, source google or direct',
    );
  });

  it('says an action with the team’s names, first names when they differ', () => {
    const members = [
      { email: 'daniel@maple-ridge.example', weight: 2 },
      { email: 'PRIYA@maple-ridge.example', weight: 1 },
    ];
    expect(actionText({ type: 'round-robin', members }, TEAM)).toBe(
      'Round robin: Daniel ×2, Priya ×1',
    );
    const twoDaniels = [...TEAM, { name: 'Daniel Wu', email: 'wu@maple-ridge.example' }];
    expect(
      actionText(
        {
          type: 'round-robin',
          members: [
            { email: DANIEL.email, weight: 2 },
            { email: 'wu@maple-ridge.example', weight: 3 },
          ],
        },
        twoDaniels,
      ),
    ).toBe('Round robin: Daniel Okafor ×2, Daniel Wu ×3');
    expect(actionText({ type: 'agent', email: 'gone@maple-ridge.example' }, TEAM)).toBe(
      'Agent: gone@maple-ridge.example',
    );
  });

  it('says why a lead went where it went', () => {
    const decision = {
      ruleId: 'r2',
      ruleName: 'On duty in office hours',
      step: 2,
      agent: DANIEL,
      skipped: [{ name: 'Priya Sandhu', why: 'paused' as const }],
    };
    expect(decisionText(decision)).toBe(
      "Routed by rule 2 'On duty in office hours'; skipped Priya Sandhu (paused)",
    );
    expect(decisionText({ ...decision, skipped: [] })).toBe(
      "Routed by rule 2 'On duty in office hours'",
    );
  });
});

describe("the Routing page's draft", () => {
  const rules = [rule('a'), rule('b'), rule('catch-all')];

  it('never moves a rule below the catch-all, nor the catch-all, nor removes it', () => {
    expect(moveRule(rules, 0, 1).map((r) => r.id)).toEqual(['b', 'a', 'catch-all']);
    expect(moveRule(rules, 1, 1).map((r) => r.id)).toEqual(['a', 'b', 'catch-all']);
    expect(moveRule(rules, 2, -1).map((r) => r.id)).toEqual(['a', 'b', 'catch-all']);
    expect(moveRule(rules, 0, -1).map((r) => r.id)).toEqual(['a', 'b', 'catch-all']);
    // A rule no longer in the list (deleted meanwhile) moves nothing.
    expect(moveRule(rules, -1, 1).map((r) => r.id)).toEqual(['a', 'b', 'catch-all']);
    expect(removeRule(rules, 'catch-all').map((r) => r.id)).toEqual(['a', 'b', 'catch-all']);
    expect(addRule(rules, rule('c')).map((r) => r.id)).toEqual(['a', 'b', 'c', 'catch-all']);
  });

  it('reads comma-separated fields and the desk’s field paths', () => {
    expect(listOf(' Kitsilano,, Mount Pleasant ,')).toEqual(['Kitsilano', 'Mount Pleasant']);
    expect(listOf(' , ')).toBeUndefined();
    expect(fieldTarget('rules[1].action.members[0].weight')).toEqual({ index: 1, key: 'weight' });
    expect(fieldTarget('rules.3.conditions.priceMin')).toEqual({ index: 3, key: 'priceMin' });
    expect(fieldTarget('rules')).toEqual({ index: null, key: 'rules' });
  });
});
