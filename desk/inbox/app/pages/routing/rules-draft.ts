import type { RoutingRule } from '../../../../routing/rules-contract.ts';

/**
 * The Routing page's draft: pure changes to the ordered list of rules the broker edits before
 * saving. The last rule is the catch-all: nothing moves below it, and it never moves or goes.
 */

/** Whether the rule at `index` is the catch-all (the last). */
export function isCatchAll(rules: readonly RoutingRule[], index: number): boolean {
  return index === rules.length - 1;
}

/** The list with the rule at `index` moved one place up (-1) or down (+1); the catch-all stays last. */
export function moveRule(rules: readonly RoutingRule[], index: number, by: -1 | 1): RoutingRule[] {
  const to = index + by;
  if (index < 0 || isCatchAll(rules, index) || to < 0 || to >= rules.length - 1) {
    return [...rules];
  }
  const moved = [...rules];
  const [rule] = moved.splice(index, 1);
  if (rule) {
    moved.splice(to, 0, rule);
  }
  return moved;
}

/** The list without the rule `id`; the catch-all is never removed. */
export function removeRule(rules: readonly RoutingRule[], id: string): RoutingRule[] {
  return rules.filter((rule, i) => rule.id !== id || isCatchAll(rules, i));
}

/** The list with `rule` added just above the catch-all. */
export function addRule(rules: readonly RoutingRule[], rule: RoutingRule): RoutingRule[] {
  return [...rules.slice(0, -1), rule, ...rules.slice(-1)];
}

/** The list with the rule of `rule.id` replaced by it. */
export function replaceRule(rules: readonly RoutingRule[], rule: RoutingRule): RoutingRule[] {
  return rules.map((r) => (r.id === rule.id ? rule : r));
}

/** A new rule's id: random, so two drafts never pick the same one. */
export function newRuleId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `rule-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether two lists say the same (the draft has no unsaved change). */
export function sameRules(a: readonly RoutingRule[], b: readonly RoutingRule[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A comma-separated field's values, trimmed, without empties; none is undefined (no condition). */
export function listOf(text: string): string[] | undefined {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length === 0 ? undefined : items;
}

/** Where a refusal's `field` points: a rule (by its place in the list) and the name at fault. */
export interface FieldTarget {
  /** 0-based place of the rule in the list sent, or null for the list as a whole. */
  index: number | null;
  /** The last name in the path ("priceMin", "members", "email"), or null. */
  key: string | null;
}

/**
 * Reads the desk's `field` (`rules[2].conditions.priceMin`, `rules.2.action.members.0.weight`):
 * the rule's place and the innermost name, skipping list indexes.
 */
export function fieldTarget(field: string | null): FieldTarget {
  if (field === null) {
    return { index: null, key: null };
  }
  const parts = field.split(/[.[\]]+/).filter((part) => part !== '');
  const at = parts[0] === 'rules' && /^\d+$/.test(parts[1] ?? '') ? Number(parts[1]) : null;
  const names = parts.slice(at === null ? 0 : 2).filter((part) => !/^\d+$/.test(part));
  return { index: at, key: names[names.length - 1] ?? null };
}
