import type { Agent } from '../config/brokerage.ts';
import { inZone } from '../time/brokerage-time.ts';
import type { RoutingTeam } from './assign.ts';
import { isAvailable, type RoutingMember } from './rules.ts';
import { listTeam, pausedOn, type TeamDb, type TeamMember } from './team.ts';

/** A member as routing's {@link Agent}: no phone is an empty one (alerts go by email only). */
export function agentOf(member: TeamMember): Agent {
  return {
    name: member.name,
    email: member.email,
    phone: member.phone ?? '',
    role: member.role,
    owns: member.owns,
  };
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
 * Who may get a lead now (pure): the available members (active, not paused), in routing's
 * order, and the first of them on duty. The catch-all broker is always there: when every broker
 * is paused or inactive, the first active broker (else the first broker) still takes what nobody
 * else can. Null with no broker at all.
 */
export function availableTeam(members: readonly RoutingMember[]): RoutingTeam | null {
  const available = members.filter(isAvailable);
  const brokers = members.filter((m) => m.role === 'broker');
  const catchAll = available.some((m) => m.role === 'broker')
    ? undefined
    : (brokers.find((m) => m.active) ?? brokers[0]);
  const agents = catchAll ? [...available, catchAll] : available;
  if (!agents.some((a) => a.role === 'broker')) {
    return null;
  }
  return {
    agents: agents.map(({ name, email, phone, role, owns }) => ({
      name,
      email,
      phone,
      role,
      owns,
    })),
    onDuty: available.find((m) => m.onDuty)?.name ?? null,
  };
}

/** {@link availableTeam} of the database's members on `today` (`YYYY-MM-DD`). */
export function routingTeamOf(members: readonly TeamMember[], today: string): RoutingTeam | null {
  return availableTeam(members.map((m) => routingMember(m, today)));
}

/**
 * The team routing reads for a lead received at `now` (docs/desk.md#routing): the database's,
 * once seeded, in one query; null before the first start seeded it (or with no broker in it),
 * and the caller routes by assistant.config.json as before.
 */
export async function loadRoutingTeam(
  db: TeamDb,
  now: Date,
  timeZone: string,
): Promise<RoutingTeam | null> {
  const members = await listTeam(db, { seededOnly: true });
  return routingTeamOf(members, inZone(now, timeZone).toISODate() ?? '');
}
