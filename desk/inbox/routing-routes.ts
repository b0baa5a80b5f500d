import type { Context } from 'hono';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { loadRoutingMembers } from '../routing/route-capture.ts';
import { readSample } from '../routing/rule-facts.ts';
import { evaluateRules } from '../routing/rules.ts';
import {
  loadRoutingSet,
  RoutingVersionError,
  readTurns,
  saveRoutingSet,
} from '../routing/rules-store.ts';
import { parseRules, RoutingRulesError } from '../routing/rules-validate.ts';
import { listTeam, pausedOn } from '../routing/team.ts';
import { inZone } from '../time/brokerage-time.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { API } from './api-contract.ts';
import type { ApiEnv, Serve } from './api-serve.ts';
import { nowOf } from './api-session.ts';
import { auditTeam } from './team-changes.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract's 400: `{ error: { code: 'invalid-rules', message, field } }`. */
function invalid(c: Context<ApiEnv>, error: RoutingRulesError) {
  return errorBody(c, 400, error.code, error.message, error.field);
}

/**
 * The routing rules' routes (docs/inbox.md#routing), the broker's only: the saved rules with the
 * team, a save over the version read (audited), and trying a sample lead on them or on a draft.
 */
export function routingRoutes(serve: Serve, services: DeskServices): void {
  const { db } = services.database;
  const zone = services.brokerage.officeHours.timeZone;
  const brokerOnly = (c: Context<ApiEnv>) =>
    c.get('session').user.role === 'broker'
      ? null
      : errorBody(c, 403, 'forbidden', 'Only a broker sets the routing rules');
  /** Whether an email (lower case) is a member of the team. */
  const membership = async () => {
    const members = await loadRoutingMembers(db, services.brokerage, nowOf(services));
    const emails = new Set(members.map((m) => m.email.trim().toLowerCase()));
    return (email: string) => emails.has(email);
  };

  serve(API.routing, async (c) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    const [set, members] = await Promise.all([loadRoutingSet(db), listTeam(db)]);
    const today = inZone(nowOf(services), zone).toISODate() ?? '';
    return {
      ...set,
      team: members.map((m) => ({
        name: m.name,
        email: m.email,
        role: m.role,
        active: m.active,
        paused: pausedOn(m, today),
        onDuty: m.onDuty,
      })),
    };
  });

  serve(API.saveRouting, async (c) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    const body = await readJsonBody(c);
    const version = isRecord(body) ? body.version : undefined;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
      return invalid(c, new RoutingRulesError('Send the version you read', 'version'));
    }
    const session = c.get('session');
    const now = nowOf(services);
    try {
      const rules = parseRules(isRecord(body) ? body.rules : undefined, await membership());
      return await db.transaction().execute(async (trx) => {
        const before = await loadRoutingSet(trx);
        const saved = await saveRoutingSet(trx, rules, version, session.user.email, now);
        const actor = { id: session.user.id, email: session.user.email };
        const detail = { before: before.rules, after: saved.rules, version: saved.version };
        await auditTeam(trx, actor, 'routing-rules', detail, now);
        return saved;
      });
    } catch (error) {
      if (error instanceof RoutingRulesError) {
        return invalid(c, error);
      }
      if (error instanceof RoutingVersionError) {
        return errorBody(c, 409, error.code, error.message);
      }
      throw error;
    }
  });

  serve(API.tryRouting, async (c) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    const body = await readJsonBody(c);
    const sample = readSample(isRecord(body) ? body.sample : undefined);
    if ('bad' in sample) {
      return invalid(c, new RoutingRulesError('The sample lead has a bad value here', sample.bad));
    }
    const now = nowOf(services);
    try {
      const draft = isRecord(body) ? body.rules : undefined;
      const rules =
        draft === undefined
          ? (await loadRoutingSet(db)).rules
          : parseRules(draft, await membership());
      const at = sample.at ?? now;
      const team = await loadRoutingMembers(db, services.brokerage, at);
      const officeOpen = isWithinOfficeHours(services.brokerage.officeHours, at);
      // The counts as they stand: a try shows whose turn it is, and moves nothing.
      const outcome = evaluateRules(
        rules,
        { ...sample.facts, officeOpen },
        team,
        await readTurns(db),
      );
      if (!outcome) {
        return errorBody(c, 409, 'no-broker', 'The team has no broker to take what no rule takes');
      }
      return outcome.decision;
    } catch (error) {
      if (error instanceof RoutingRulesError) {
        return invalid(c, error);
      }
      throw error;
    }
  });
}
