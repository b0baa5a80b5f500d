/**
 * The routing rules' routes and page in the inbox's table (issue 27 §3, docs/inbox.md#routing),
 * kept in their own block: desk/inbox/api-contract.ts spreads them into API and PAGES. Broker
 * only: an agent gets 403 `forbidden`.
 */
import type {
  RoutingDecision,
  RoutingRule,
  RoutingSet,
  RuleKind,
} from '../routing/rules-contract.ts';
import { json, shape } from './route-table.ts';

export const ROUTING_API = {
  /** The saved rules (the default three when none were saved) and the team they name. */
  routing: {
    method: 'GET',
    path: '/api/routing',
    access: 'signed-in',
    answer: json<RoutingAnswer>(),
  },
  /**
   * Replaces the whole set; answers it with `version` + 1. 400 `invalid-rules` with the `field`
   * at fault; 409 `version-conflict` when someone saved since `version`. Audited.
   */
  saveRouting: {
    method: 'PUT',
    path: '/api/routing',
    access: 'signed-in',
    body: shape<RoutingSaveBody>(),
    answer: json<RoutingSet>(),
  },
  /** Where a sample lead would go under `rules` (a draft), else the saved rules. Moves no counter. */
  tryRouting: {
    method: 'POST',
    path: '/api/routing/try',
    access: 'signed-in',
    body: shape<RoutingTryBody>(),
    answer: json<RoutingDecision>(),
  },
} as const;

export const ROUTING_PAGES = {
  routing: { path: '/inbox/routing', access: 'signed-in' },
} as const;

/** One member of the team as the rules see them. */
export interface RoutingTeamMember {
  name: string;
  email: string;
  role: 'agent' | 'broker';
  active: boolean;
  paused: boolean;
  onDuty: boolean;
}

/** `GET /api/routing`. */
export interface RoutingAnswer extends RoutingSet {
  team: RoutingTeamMember[];
}

/** `PUT /api/routing`. */
export interface RoutingSaveBody {
  rules: RoutingRule[];
  version: number;
}

/** A lead to try: what routing reads of a capture. */
export interface RoutingSample {
  listingId?: string;
  listingAgent?: string;
  address?: string;
  price?: string;
  kind: RuleKind;
  language?: string;
  pagePath?: string;
  source?: string;
  /** ISO 8601; absent: now. */
  at?: string;
}

/** `POST /api/routing/try`. */
export interface RoutingTryBody {
  sample: RoutingSample;
  rules?: RoutingRule[];
}
