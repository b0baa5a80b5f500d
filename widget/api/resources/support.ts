import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "support". */
// biome-ignore format: the route table reads best as one row per line
export const SUPPORT_ROUTES = [
  { name: 'createTicket', method: 'POST', path: '/support/ticket', body: 'json' },
] as const satisfies readonly RouteSpec[];

/** `support.createTicket` over a shared core. */
export const supportResource = (core: ApiCore) => defineResource(core, SUPPORT_ROUTES);
