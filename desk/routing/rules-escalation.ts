import type { RoutingFacts } from './rule-facts.ts';
import { actionCandidates, conditionsMatch, isAvailable, type RoutingMember } from './rules.ts';
import type { RoutingDecision, RoutingRule } from './rules-contract.ts';

/**
 * Who an unclaimed lead escalates to by its rule (pure, docs/inbox.md#routing): for a
 * round-robin rule, the next available member of its group who has not had it; else the agent of
 * the next later rule that matches the lead (as it was when it arrived) and finds someone new.
 * Null when the rules run out before the catch-all: the caller goes on as before rules (the next
 * agent of the team, then the broker after `maxSteps`).
 */
export function escalateByRules(
  rules: readonly RoutingRule[],
  decision: Pick<RoutingDecision, 'ruleId'>,
  facts: RoutingFacts,
  team: readonly RoutingMember[],
  tried: readonly string[],
): RoutingMember | null {
  const index = rules.findIndex((r) => r.id === decision.ruleId);
  const matched = rules[index];
  if (!matched) {
    return null;
  }
  const had = new Set(tried.map((e) => e.trim().toLowerCase()));
  const fresh = (m: RoutingMember) => isAvailable(m) && !had.has(m.email.trim().toLowerCase());
  if (matched.action.type === 'round-robin') {
    const next = actionCandidates(matched.action, team, facts).find(fresh);
    if (next) {
      return next;
    }
  }
  for (const later of rules.slice(index + 1)) {
    if (later.action.type === 'broker' && conditionsMatch(later.conditions, facts)) {
      return null;
    }
    if (conditionsMatch(later.conditions, facts)) {
      const next = actionCandidates(later.action, team, facts).find(fresh);
      if (next) {
        return next;
      }
    }
  }
  return null;
}
