import type { Agent } from '../config/brokerage.ts';
import { nextTurn } from './round-robin.ts';
import { parsePrice, type RoutingFacts } from './rule-facts.ts';
import type { RoutingDecision, RoutingRule, RuleAction, RuleConditions } from './rules-contract.ts';

/**
 * The rules engine (pure, docs/inbox.md#routing): the first rule whose conditions all match and
 * whose action finds somebody available takes the lead. Paused and inactive members are always
 * passed over; "the agent on duty" is off duty outside office hours. A rule whose action finds
 * nobody does not match, and the decision says so.
 */

/** A person routing may choose, as the team holds them today. */
export interface RoutingMember {
  name: string;
  email: string;
  /** Empty when alerts go by email only. */
  phone: string;
  role: Agent['role'];
  owns: readonly string[];
  active: boolean;
  /** On a pause that covers today. */
  paused: boolean;
  onDuty: boolean;
}

/** How many leads each member has had from a round-robin rule (by lower-case email). */
export type ServedCounts = (ruleId: string) => ReadonlyMap<string, number>;

/** Who gets the lead, why, and the round-robin turn it takes (to record). */
export interface RoutingOutcome {
  agent: RoutingMember;
  /** The matched action's type: the lead's `assignment_reason`. */
  reason: RuleAction['type'];
  decision: RoutingDecision;
  /** Set when a round-robin rule matched: the member whose count goes up. */
  turn: { ruleId: string; email: string } | null;
}

type Skipped = RoutingDecision['skipped'][number];

const key = (text: string) => text.trim().toLowerCase();
const same = (a: string, b: string) => key(a) === key(b);
const NO_COUNTS: ServedCounts = () => new Map();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `city` is named in the address as a whole word (or words), any case. */
export function namesCity(address: string, city: string): boolean {
  const word = escapeRegExp(city.trim());
  return (
    word !== '' && new RegExp(`(^|[^\\p{L}\\p{N}])${word}($|[^\\p{L}\\p{N}])`, 'iu').test(address)
  );
}

/** The primary subtag of a BCP 47 tag, lower case ("fr" of "fr-CA"). */
export function primaryLanguage(tag: string): string {
  return key(tag.split(/[-_]/)[0] ?? '');
}

const anyOf = (list: readonly string[] | undefined, test: (item: string) => boolean) =>
  list === undefined || list.some(test);

/** Whether every condition a rule gives holds for the facts. */
export function conditionsMatch(conditions: RuleConditions, facts: RoutingFacts): boolean {
  const { listingId, listingAgent, address, language, pagePath } = facts;
  const price = parsePrice(facts.price);
  return (
    anyOf(conditions.listingIds, (id) => listingId !== null && same(id, listingId)) &&
    anyOf(conditions.listingAgents, (a) => listingAgent !== null && same(a, listingAgent)) &&
    anyOf(conditions.cities, (city) => address !== null && namesCity(address, city)) &&
    (conditions.priceMin === undefined || (price !== null && price >= conditions.priceMin)) &&
    (conditions.priceMax === undefined || (price !== null && price <= conditions.priceMax)) &&
    (conditions.kinds === undefined || conditions.kinds.includes(facts.kind)) &&
    anyOf(
      conditions.languages,
      (l) => language !== null && primaryLanguage(l) === primaryLanguage(language),
    ) &&
    anyOf(conditions.pagePaths, (p) => pagePath !== null && key(pagePath).startsWith(key(p))) &&
    anyOf(conditions.sources, (s) => same(s, facts.source)) &&
    (conditions.officeHours === undefined ||
      conditions.officeHours === (facts.officeOpen ? 'open' : 'closed'))
  );
}

/** Why a member cannot take a lead now, or null when they can. */
function unavailable(member: RoutingMember): Skipped['why'] | null {
  if (!member.active) {
    return 'inactive';
  }
  return member.paused ? 'paused' : null;
}

/** What one rule's action found: the member, and whom it passed over on the way. */
interface Found {
  agent: RoutingMember | null;
  skipped: Skipped[];
  turn: RoutingOutcome['turn'];
}

/** The first of `candidates` who is available, noting those who are not. */
function firstAvailable(candidates: readonly RoutingMember[]): Found {
  const skipped: Skipped[] = [];
  for (const member of candidates) {
    const why = unavailable(member);
    if (why === null) {
      return { agent: member, skipped, turn: null };
    }
    skipped.push({ name: member.name, why });
  }
  return { agent: null, skipped, turn: null };
}

/** The listing's own agent: by listing id or listing agent's name in `owns`, or by their name. */
function listingOwners(team: readonly RoutingMember[], facts: RoutingFacts): RoutingMember[] {
  const keys = [facts.listingId, facts.listingAgent].filter((k): k is string => k !== null);
  return team.filter((m) => keys.some((k) => same(m.name, k) || m.owns.some((o) => same(o, k))));
}

function roundRobin(
  rule: RoutingRule,
  members: readonly { email: string; weight: number }[],
  team: readonly RoutingMember[],
  served: ServedCounts,
): Found {
  const counts = served(rule.id);
  const skipped: Skipped[] = [];
  const candidates: { member: RoutingMember; email: string; weight: number; served: number }[] = [];
  for (const { email, weight } of members) {
    const member = team.find((m) => same(m.email, email));
    const why = member ? unavailable(member) : 'inactive';
    if (member && why === null) {
      candidates.push({ member, email: key(email), weight, served: counts.get(key(email)) ?? 0 });
    } else {
      skipped.push({ name: member?.name ?? email, why: why ?? 'inactive' });
    }
  }
  const pick = nextTurn(candidates);
  return {
    agent: pick?.member ?? null,
    skipped,
    turn: pick ? { ruleId: rule.id, email: pick.email } : null,
  };
}

/** The broker the catch-all gives a lead to: the first available, else the first at all. */
export function catchAllBroker(team: readonly RoutingMember[]): RoutingMember | null {
  const brokers = team.filter((m) => m.role === 'broker');
  return (
    brokers.find((m) => unavailable(m) === null) ??
    brokers.find((m) => m.active) ??
    brokers[0] ??
    null
  );
}

/**
 * Everyone a rule's action could give a lead to, in its order, available or not (escalation's
 * "the next agent of its rule"); the broker action names nobody (the caller's last step).
 */
export function actionCandidates(
  action: RuleAction,
  team: readonly RoutingMember[],
  facts: RoutingFacts,
): RoutingMember[] {
  switch (action.type) {
    case 'listing-agent':
      return listingOwners(team, facts);
    case 'on-duty':
      return facts.officeOpen ? team.filter((m) => m.onDuty) : [];
    case 'agent':
      return team.filter((m) => same(m.email, action.email));
    case 'round-robin':
      return action.members.flatMap(({ email }) => team.filter((m) => same(m.email, email)));
    case 'broker':
      return [];
  }
}

/** Whether a member may take a lead now: active and not paused. */
export function isAvailable(member: RoutingMember): boolean {
  return unavailable(member) === null;
}

function act(
  rule: RoutingRule,
  team: readonly RoutingMember[],
  facts: RoutingFacts,
  served: ServedCounts,
): Found {
  const action = rule.action;
  switch (action.type) {
    case 'listing-agent':
      return firstAvailable(listingOwners(team, facts));
    case 'on-duty': {
      const onDuty = team.filter((m) => m.onDuty);
      if (!facts.officeOpen) {
        const first = onDuty.find((m) => unavailable(m) === null);
        return {
          agent: null,
          skipped: first ? [{ name: first.name, why: 'off duty' }] : [],
          turn: null,
        };
      }
      return firstAvailable(onDuty);
    }
    case 'agent':
      return firstAvailable(team.filter((m) => same(m.email, action.email)));
    case 'round-robin':
      return roundRobin(rule, action.members, team, served);
    case 'broker': {
      const broker = catchAllBroker(team);
      return { agent: broker, skipped: [], turn: null };
    }
  }
}

/**
 * Who gets a lead (pure): the rules in order, first match wins. `served` gives round-robin
 * counts; without it every count is zero (a try). The catch-all always finds the broker, so
 * only a team without one answers null.
 */
export function evaluateRules(
  rules: readonly RoutingRule[],
  facts: RoutingFacts,
  team: readonly RoutingMember[],
  served: ServedCounts = NO_COUNTS,
): RoutingOutcome | null {
  const passed: Skipped[] = [];
  for (const [index, rule] of rules.entries()) {
    if (!conditionsMatch(rule.conditions, facts)) {
      continue;
    }
    const found = act(rule, team, facts, served);
    if (found.agent === null) {
      passed.push(...found.skipped, { name: rule.name, why: 'no match' });
      continue;
    }
    return {
      agent: found.agent,
      reason: rule.action.type,
      turn: found.turn,
      decision: {
        ruleId: rule.id,
        ruleName: rule.name,
        step: index + 1,
        agent: { name: found.agent.name, email: found.agent.email },
        skipped: [...passed, ...found.skipped],
      },
    };
  }
  return null;
}
