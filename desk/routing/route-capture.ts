import { sql } from 'kysely';
import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type { VisitSource } from '../../widget/leads/rules/visit-source.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { inZone } from '../time/brokerage-time.ts';
import { DEFAULT_RULES } from './default-rules.ts';
import { routingMember } from './routing-team.ts';
import { captureFacts, type RoutingFacts } from './rule-facts.ts';
import { evaluateRules, type RoutingMember, type RoutingOutcome } from './rules.ts';
import type { RoutingDecision, RoutingRule } from './rules-contract.ts';
import { escalateByRules } from './rules-escalation.ts';
import { takeTurn } from './rules-store.ts';
import { listTeam, pausedOn, type TeamDb } from './team.ts';

/** The config's agents as routing's members: all active, none paused, on duty by name. */
export function configMembers(brokerage: Pick<Brokerage, 'agents' | 'onDuty'>): RoutingMember[] {
  return brokerage.agents.map((agent) => ({
    ...agent,
    active: true,
    paused: false,
    onDuty: brokerage.onDuty !== null && agent.name.trim() === brokerage.onDuty.trim(),
  }));
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

/** The team as routing's one read answers it (JSON of the users' columns). */
interface TeamJson {
  name: string;
  email: string;
  phone: string | null;
  role: RoutingMember['role'];
  owns: string[];
  active: boolean;
  onDuty: boolean;
  pausedFrom: string | null;
  pausedTo: string | null;
}

/**
 * The rules and the team as columns of a caller's query (`routing_rules`, `routing_team`): the
 * saved rules, and the team once seeded, in routing's order (desk/routing/team.ts `listTeam`).
 * A capture reads them with its state, one round trip fewer on its hot path.
 */
export const ROUTING_COLUMNS = sql`(select r.rules from routing_rules r) as routing_rules, (
    select json_agg(json_build_object(
      'name', u.name, 'email', u.email, 'phone', u.phone, 'role', u.role, 'owns', u.owns,
      'active', u.active, 'onDuty', u.on_duty, 'pausedFrom', u.paused_from,
      'pausedTo', u.paused_to) order by u.position asc nulls last, u.created_at, u.email)
    from users u where exists (select 1 from team_seed)
  ) as routing_team`;

/** {@link ROUTING_COLUMNS} as a row holds them. */
export interface RoutingColumns {
  routing_rules: RoutingRule[] | null;
  routing_team: TeamJson[] | null;
}

/** The rules and the team routing uses at `now`. */
export interface LoadedRouting {
  rules: RoutingRule[];
  team: RoutingMember[];
}

/**
 * What routing uses, from {@link ROUTING_COLUMNS}: the default rules while none are saved, and
 * the config's team while the database's has no broker.
 */
export function routingOf(
  row: RoutingColumns | undefined,
  brokerage: Pick<Brokerage, 'agents' | 'onDuty' | 'officeHours'>,
  now: Date,
): LoadedRouting {
  const members = row?.routing_team ?? [];
  const today = inZone(now, brokerage.officeHours.timeZone).toISODate() ?? '';
  const team = members.some((m) => m.role === 'broker')
    ? members.map((m) => ({
        ...m,
        phone: m.phone ?? '',
        paused: pausedOn(m, today),
      }))
    : configMembers(brokerage);
  return { rules: row?.routing_rules ?? [...DEFAULT_RULES], team };
}

/** The rules and the team routing reads, in one round trip (see {@link routingOf}). */
export async function loadRouting(
  db: TeamDb,
  brokerage: Pick<Brokerage, 'agents' | 'onDuty' | 'officeHours'>,
  now: Date,
): Promise<LoadedRouting> {
  const result = await sql<RoutingColumns>`select ${ROUTING_COLUMNS}`.execute(db);
  return routingOf(result.rows[0], brokerage, now);
}

/**
 * Routes a capture received at `now` (the one call of desk/ingest/store-capture.ts): the team
 * and the rules as read in its transaction (`loaded`, else read now), the office hours at the
 * capture's time.
 */
export async function routeCapture(
  db: TeamDb,
  brokerage: Brokerage,
  capture: CaptureToRoute,
  now: Date,
  takeTurns: boolean,
  loaded?: LoadedRouting,
): Promise<RoutedCapture> {
  const { rules, team } = loaded ?? (await loadRouting(db, brokerage, now));
  const officeOpen = isWithinOfficeHours(brokerage.officeHours, new Date(capture.capturedAt));
  return routeByRules(db, team, rules, captureFacts({ ...capture, officeOpen }), takeTurns);
}

/**
 * The agent an unclaimed lead escalates to by the rule that routed it (desk/leads/escalation.ts),
 * or null to go on as before rules: the lead's first capture gives the facts as they were when it
 * arrived; `routing` is the rules and team as the step read them, in its transaction.
 */
export async function escalationByRules(
  db: TeamDb,
  brokerage: Brokerage,
  leadId: string,
  decision: Pick<RoutingDecision, 'ruleId'>,
  tried: readonly string[],
  routing: LoadedRouting,
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
  return escalateByRules(routing.rules, decision, facts, routing.team, tried);
}
