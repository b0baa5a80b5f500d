import type { Kysely } from 'kysely';
import type { Agent, Brokerage } from '../config/brokerage.ts';
import { officeMinutesAfter } from '../config/office-hours.ts';
import { deliveryJob, type NewJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import type { JobLane } from '../jobs/job-worker.ts';
import type { AttemptOutcome } from '../jobs/retry-policy.ts';
import { escalationByRules, loadRouting } from '../routing/route-capture.ts';
import { availableTeam } from '../routing/routing-team.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { countedBefore, recountLeads } from './numbers-recount.ts';
import { appendLeadEvents } from './timeline.ts';

/**
 * Escalation of unclaimed leads (issue 27 §2, docs/inbox.md#claim-and-escalation). A new lead gets a timer job
 * in the one queue, due `claimMinutes` of office time after it arrived. When it fires and the
 * lead is still unclaimed and New, the lead goes to the next agent, and after `maxSteps` steps
 * to the broker; each step alerts the new agent (email, and a text when Twilio is set), adds an
 * `escalated` line to the timeline, and sets the next timer. Timers survive a restart (a timer
 * due while the desk was down fires at start); the step number, checked under the lead's row
 * lock, makes a timer run twice, or on two desks, move the lead once.
 */

/** The adapters that alert the agent a lead escalates to: the agent's own channels. */
export const ALERT_ADAPTERS: readonly string[] = ['email', 'sms'];

/** The timer of one escalation step. */
export function escalationJob(leadId: string, step: number, runAt: Date): NewJob {
  return {
    kind: 'escalation',
    key: `escalation:${leadId}:${step}`,
    runAt,
    payload: { leadId, step },
  };
}

/** A new lead's first timer: `claimMinutes` of office time after it arrived. */
export function firstEscalation(brokerage: Brokerage, leadId: string, arrived: Date): NewJob {
  const due = officeMinutesAfter(brokerage.officeHours, arrived, brokerage.claim.claimMinutes);
  return escalationJob(leadId, 1, due);
}

/** The line a step adds to the timeline: "not claimed in 5 min". */
export function escalationReason(claimMinutes: number): string {
  return `not claimed in ${claimMinutes} min`;
}

/** A received line's routing decision, as store-capture.ts wrote it. */
const isDecision = (value: unknown): value is { ruleId: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ruleId?: unknown }).ruleId === 'string';

const lower = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/**
 * Who an unclaimed lead goes to at `step` (pure): the next agent, in the team's order, who has
 * not had it; the broker after `maxSteps` steps or when every agent has had it; null when a
 * broker has it (the end of the line, also for a lead routed to the broker in the first place).
 * `tried` starts with the lead's assignee now.
 */
export function nextAssignee(
  brokerage: Brokerage,
  tried: readonly string[],
  step: number,
): { agent: Agent; toBroker: boolean } | null {
  const current = brokerage.agents.find((a) => lower(a.email) === lower(tried[0]));
  if (current?.role === 'broker') {
    return null;
  }
  const had = new Set(tried.map(lower));
  const next =
    step <= brokerage.claim.maxSteps
      ? brokerage.agents.find((a) => a.role === 'agent' && !had.has(lower(a.email)))
      : undefined;
  if (next) {
    return { agent: next, toBroker: false };
  }
  const broker = brokerage.agents.find((a) => a.role === 'broker');
  return broker && !had.has(lower(broker.email)) ? { agent: broker, toBroker: true } : null;
}

/** What a step needs. */
export interface EscalationDeps {
  db: Kysely<DeskDatabase>;
  brokerage: Brokerage;
  /** The enabled delivery adapters: the step alerts through those of {@link ALERT_ADAPTERS}. */
  adapters: readonly string[];
  /** Rung after a step commits: its alerts are due now. */
  wakeOutbox(): void;
  now?: () => Date;
}

/** Runs one timer: escalates the lead if it is still unclaimed at this step. */
export async function runEscalation(
  deps: EscalationDeps,
  payload: Record<string, unknown>,
): Promise<AttemptOutcome> {
  const leadId = typeof payload.leadId === 'string' ? payload.leadId : '';
  const step = typeof payload.step === 'number' ? payload.step : 0;
  const now = deps.now?.() ?? new Date();
  const moved = await deps.db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['id', 'status', 'assigned_name', 'assigned_email', 'claimed_by', 'merged_into'])
      .select('escalation_step')
      .where('id', '=', leadId)
      .forUpdate()
      .executeTakeFirst();
    // Claimed, worked, merged, or this step already taken (a second run of the same timer).
    if (
      !lead ||
      lead.claimed_by !== null ||
      lead.merged_into !== null ||
      lead.status !== 'New' ||
      lead.escalation_step !== step - 1
    ) {
      return false;
    }
    const history = await trx
      .selectFrom('lead_events')
      .select('detail')
      .where('lead_id', '=', leadId)
      .where('kind', 'in', ['received', 'escalated', 'assigned'])
      .execute();
    const tried = [
      lead.assigned_email ?? '',
      ...history.flatMap(({ detail }) =>
        [detail.assignedEmail, detail.toEmail, detail.to].filter((e) => typeof e === 'string'),
      ),
    ] as string[];
    // The rules and the team, read once for the step: the team in the database once seeded
    // (paused and inactive agents skipped), else the config.
    const routing = await loadRouting(trx, deps.brokerage, now);
    const team = availableTeam(routing.team) ?? deps.brokerage;
    // A lead routed by a rule goes to the next agent of its rule, and when its rules run out, to
    // the broker (docs/inbox.md#routing); one routed before rules, to the team's next agent.
    const decision = history.map(({ detail }) => detail.routing).find(isDecision);
    const byRule =
      decision && step <= deps.brokerage.claim.maxSteps
        ? await escalationByRules(trx, deps.brokerage, leadId, decision, tried, routing)
        : null;
    const byTeam = nextAssignee(
      { ...deps.brokerage, agents: team.agents },
      tried,
      decision ? Number.POSITIVE_INFINITY : step,
    );
    const next = byTeam && byRule ? { agent: byRule, toBroker: false } : byTeam;
    if (!next) {
      return false;
    }
    const reason = escalationReason(deps.brokerage.claim.claimMinutes);
    const assignment = {
      assigned_name: next.agent.name,
      assigned_email: next.agent.email,
      // Shown as the lead's routing: why it is with this agent now.
      assignment_reason: `escalated to ${next.toBroker ? 'the broker' : 'the next agent'}: ${reason}`,
    };
    const counted = await countedBefore(trx, [leadId]);
    await trx
      .updateTable('leads')
      .set({ ...assignment, escalation_step: step })
      .where('id', '=', leadId)
      .execute();
    // The inbox still shows captures as leads, and deliveries read the capture's assignee.
    await trx.updateTable('captures').set(assignment).where('lead_id', '=', leadId).execute();
    // The numbers by agent follow the lead to its new agent, as a rebuild would count them.
    await recountLeads(trx, counted, [leadId], leadId, deps.brokerage.officeHours.timeZone);
    await appendLeadEvents(trx, [
      {
        leadId,
        kind: 'escalated',
        at: now,
        detail: {
          step,
          reason,
          fromName: lead.assigned_name,
          fromEmail: lead.assigned_email,
          toName: next.agent.name,
          toEmail: next.agent.email,
          toBroker: next.toBroker,
        },
      },
    ]);
    const newest = await trx
      .selectFrom('captures')
      .select('id')
      .where('lead_id', '=', leadId)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const alerts = newest
      ? deps.adapters
          .filter((a) => ALERT_ADAPTERS.includes(a))
          .map((adapter) => ({
            ...deliveryJob(newest.id, adapter, now),
            key: `escalation:${leadId}:${step}:${adapter}`,
          }))
      : [];
    const timer = next.toBroker
      ? []
      : [
          escalationJob(
            leadId,
            step + 1,
            officeMinutesAfter(deps.brokerage.officeHours, now, deps.brokerage.claim.claimMinutes),
          ),
        ];
    await enqueue(trx, [...alerts, ...timer], { now });
    return alerts.length > 0;
  });
  if (moved) {
    deps.wakeOutbox();
  }
  return { ok: true };
}

/** The job worker's lane for escalation timers. */
export function escalationLane(deps: EscalationDeps): JobLane {
  return { kind: 'escalation', run: (job) => runEscalation(deps, job.payload) };
}
