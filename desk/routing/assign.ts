import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type { Agent, Brokerage } from '../config/brokerage.ts';

/** Why a capture went to whom: stored with the assignment, shown in the inbox. */
export type AssignmentReason = 'listing-agent' | 'on-duty' | 'broker';

/**
 * Who routing chooses from: the agents who may get a lead now, and who is on duty. The team in
 * the database (desk/routing/routing-team.ts) once seeded; assistant.config.json before that.
 */
export type RoutingTeam = Pick<Brokerage, 'agents' | 'onDuty'>;

/** Who a capture is assigned to. */
export interface Assignment {
  agent: Agent;
  reason: AssignmentReason;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The agent who owns the listing: by listing id, or by the listing agent's name. */
export function listingOwner(agents: readonly Agent[], listing: ListingContext): Agent | null {
  const keys = [listing.id, listing.agentName].filter((k): k is string => k !== undefined);
  return (
    agents.find((agent) =>
      keys.some((key) => same(agent.name, key) || agent.owns.some((owned) => same(owned, key))),
    ) ?? null
  );
}

/**
 * Who gets a capture (pure; docs/desk.md#routing): the listing's own agent; else, inside office
 * hours, the on-duty agent; else the broker (the first agent whose role is broker).
 */
export function assignCapture(
  brokerage: RoutingTeam,
  listing: ListingContext,
  withinOfficeHours: boolean,
): Assignment {
  const owner = listingOwner(brokerage.agents, listing);
  if (owner) {
    return { agent: owner, reason: 'listing-agent' };
  }
  const onDuty = onDutyAgent(brokerage);
  if (withinOfficeHours && onDuty) {
    return { agent: onDuty, reason: 'on-duty' };
  }
  return { agent: broker(brokerage), reason: 'broker' };
}

/** The agent on duty, when the config names one. */
export function onDutyAgent(brokerage: RoutingTeam): Agent | null {
  const name = brokerage.onDuty;
  return name === null ? null : (brokerage.agents.find((a) => same(a.name, name)) ?? null);
}

/** The first broker; config parsing guarantees there is one. */
export function broker(brokerage: RoutingTeam): Agent {
  const found = brokerage.agents.find((a) => a.role === 'broker') ?? brokerage.agents[0];
  if (!found) {
    throw new Error('the brokerage has no agents');
  }
  return found;
}
