/**
 * The routing rules' routes and page in the inbox's table (issue 27 §3, docs/inbox.md#routing),
 * kept in their own block: desk/inbox/api-contract.ts spreads them into API (and PAGES).
 */
import type { Role } from '../auth/role.ts';
import type {
  RoutingDecision,
  RoutingRule,
  RoutingSet,
  RuleKind,
} from '../routing/rules-contract.ts';
import { json, shape } from './route-table.ts';

export const ROUTING_API = {
  routing: {
    method: 'GET',
    path: '/api/routing',
    access: 'signed-in',
    answer: json<RoutingView>(),
  },
  saveRouting: {
    method: 'PUT',
    path: '/api/routing',
    access: 'signed-in',
    body: shape<RoutingSaveBody>(),
    answer: json<RoutingSet>(),
  },
  tryRouting: {
    method: 'POST',
    path: '/api/routing/try',
    access: 'signed-in',
    body: shape<RoutingTryBody>(),
    answer: json<RoutingDecision>(),
  },
} as const;

// Spread into PAGES with app/pages/routing-page.tsx (helper "routingui"): a page in the table
// without its file fails the app at once (app/page-views.ts).
export const ROUTING_PAGES = {
  routing: { path: '/inbox/routing', access: 'signed-in' },
} as const;

/** `GET /api/routing`: the saved rules (or the default ones, version 0) and the team they name. */
export interface RoutingView extends RoutingSet {
  team: {
    name: string;
    email: string;
    role: Role;
    active: boolean;
    paused: boolean;
    onDuty: boolean;
  }[];
}

/** `PUT /api/routing`: the whole list, the catch-all last, and the version it was read at. */
export interface RoutingSaveBody {
  rules: RoutingRule[];
  version: number;
}

/** A lead to try the rules on; `at` (ISO 8601) decides office hours, now when absent. */
export interface RoutingSample {
  listingId?: string;
  listingAgent?: string;
  address?: string;
  price?: string | number;
  kind: RuleKind;
  language?: string;
  pagePath?: string;
  source?: string;
  at?: string;
}

/** `POST /api/routing/try`: a sample lead, on a draft's rules or else the saved ones. */
export interface RoutingTryBody {
  sample: RoutingSample;
  rules?: RoutingRule[];
}
