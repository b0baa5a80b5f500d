import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type { VisitSource } from '../../widget/leads/rules/visit-source.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { inZone } from '../time/brokerage-time.ts';
import { agentOf } from './routing-team.ts';
import { captureFacts, type RoutingFacts } from './rule-facts.ts';
import { evaluateRules, type RoutingMember, type RoutingOutcome } from './rules.ts';
import type { RoutingDecision, RoutingRule } from './rules-contract.ts';
import { escalateByRules } from './rules-escalation.ts';
import { loadRoutingSet, takeTurn } from './rules-store.ts';
import { listTeam, pausedOn, type TeamDb, type TeamMember } from './team.ts';

/** The config's agents as routing's members: all active, none paused, on duty by name. */
export function configMembers(brokerage: Pick<Brokerage, 'agents' | 'onDuty'>): RoutingMember[] {
  return brokerage.agents.map((agent) => ({
    ...agent,
    active: true,
    paused: false,
    onDuty: brokerage.onDuty !== null && agent.name.trim() === brokerage.onDuty.trim(),
  }));
}

/** A member of the database's team as routing sees them on `today` (`YYYY-MM-DD`). */
export function routingMember(member: TeamMember, today: string): RoutingMember {
  return {
    ...agentOf(member),
    active: member.active,
    paused: pausedOn(member, today),
    onDuty: member.onDuty,
  };
}

/**
 * The team routing chooses from at `now`: the database's once seeded (one query), else — before
 * the first start seeded it, or with no broker in it — assistant.config.json's.
 */
export async function loadRoutingMembers(
  db: TeamDb,
  brokerage: Pick<Brokerage, 'agents' | 'onDuty' | 'officeHours'>,
  now: Date,
): Promise<RoutingMember[]> {
  const members = await listTeam(db, { seededOnly: true });
  if (!members.some((m) => m.role === 'broker')) {
    return configMembers(brokerage);
  }
  const today = inZone(now, brokerage.officeHours.timeZone).toISODate() ?? '';
  return members.map((m) => routingMember(m, today));
}

/** Who a capture goes to, and the decision that says why. */
export interface RoutedCapture {
  agent: { name: string; email: string };
  /** The matched action's type: the lead's `assignment_reason`. */
  reason: string;
  decision: RoutingDecision;
}

/** A rule set that routes nobody: only a team without a broker, which the config forbids. */
function routed(outcome: RoutingOutcome | null): RoutedCapture {
  if (!outcome) {
    throw new Error('routing found no broker for the catch-all');
  }
  return { agent: outcome.agent, reason: outcome.reason, decision: outcome.decision };
}

/**
 * Routes by the saved rules in the caller's transaction (docs/inbox.md#routing). A
 * round-robin rule takes its turn under its counts' row lock, so the counts move once per lead;
 * `takeTurns` false (a capture that joins a known person's lead, who keeps their agent)
 * evaluates without moving them.
 */
export async function routeByRules(
  db: TeamDb,
  team: readonly RoutingMember[],
  rules: readonly RoutingRule[],
  facts: RoutingFacts,
  takeTurns: boolean,
): Promise<RoutedCapture> {
  const first = evaluateRules(rules, facts, team);
  const turn = first?.turn;
  const rule = rules.find((r) => r.id === turn?.ruleId);
  if (!takeTurns || !turn || rule?.action.type !== 'round-robin') {
    return routed(first);
  }
  const emails = rule.action.members.map((m) => m.email.toLowerCase());
  const outcome = await takeTurn(db, rule.id, emails, (served) => {
    const again = evaluateRules(rules, facts, team, (id) => (id === rule.id ? served : new Map()));
    return { value: again, email: again?.turn?.email ?? null };
  });
  return routed(outcome);
}

/** What routing reads of a capture. */
export interface CaptureToRoute {
  kind: 'lead' | 'viewing-request';
  capturedAt: string;
  listing: ListingContext;
  language?: string | null;
  pageUrl: string | null;
  visitSource?: VisitSource | null;
}

/**
 * Routes a capture received at `now` (the one call of desk/ingest/store-capture.ts): the team
 * and the rules read in its transaction, the office hours at the capture's time.
 */
export async function routeCapture(
  db: TeamDb,
  brokerage: Brokerage,
  capture: CaptureToRoute,
  now: Date,
  takeTurns: boolean,
): Promise<RoutedCapture> {
  const team = await loadRoutingMembers(db, brokerage, now);
  const set = await loadRoutingSet(db);
  const officeOpen = isWithinOfficeHours(brokerage.officeHours, new Date(capture.capturedAt));
  return routeByRules(db, team, set.rules, captureFacts({ ...capture, officeOpen }), takeTurns);
}

/**
 * The agent an unclaimed lead escalates to by the rule that routed it (desk/leads/escalation.ts),
 * or null to go on as before rules: the lead's first capture gives the facts as they were when it
 * arrived; the team and rules are read now, in the step's transaction.
 */
export async function escalationByRules(
  db: TeamDb,
  brokerage: Brokerage,
  leadId: string,
  decision: Pick<RoutingDecision, 'ruleId'>,
  tried: readonly string[],
  now: Date,
): Promise<RoutingMember | null> {
  const first = await db
    .selectFrom('captures')
    .select(['kind', 'listing', 'language', 'page_url', 'visit_source', 'captured_at'])
    .where('lead_id', '=', leadId)
    .orderBy('received_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!first) {
    return null;
  }
  const facts = captureFacts({
    kind: first.kind,
    listing: first.listing,
    language: first.language,
    pageUrl: first.page_url,
    visitSource: first.visit_source,
    officeOpen: isWithinOfficeHours(brokerage.officeHours, first.captured_at),
  });
  const team = await loadRoutingMembers(db, brokerage, now);
  const { rules } = await loadRoutingSet(db);
  return escalateByRules(rules, decision, facts, team, tried);
}
