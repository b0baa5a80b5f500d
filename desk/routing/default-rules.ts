import type { RoutingRule } from './rules-contract.ts';

/** The routing before rules existed: the listing's agent, on duty in office hours, the broker. */
export const DEFAULT_RULES: readonly RoutingRule[] = [
  { id: 'listing-agent', name: 'Listing agent', conditions: {}, action: { type: 'listing-agent' } },
  {
    id: 'on-duty',
    name: 'On duty in office hours',
    conditions: { officeHours: 'open' },
    action: { type: 'on-duty' },
  },
  { id: 'catch-all', name: 'Everything else', conditions: {}, action: { type: 'broker' } },
];
