import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "logs": /logs (all logs) and /log (call logs), each listed and deleted by query. */
// biome-ignore format: the route table reads best as one row per line
export const LOG_ROUTES = [
  { name: 'list', method: 'GET', path: '/logs', query: true, paginated: true },
  { name: 'delete', method: 'DELETE', path: '/logs', query: true },
] as const satisfies readonly RouteSpec[];
/** Call logs: `callLogs.list({ callId })`. */
// biome-ignore format: the route table reads best as one row per line
export const CALL_LOG_ROUTES = [
  { name: 'list', method: 'GET', path: '/log', query: true, paginated: true },
  { name: 'delete', method: 'DELETE', path: '/log', query: true },
] as const satisfies readonly RouteSpec[];

/** `logs.list(query)`, `logs.delete(query)` over a shared core. */
export const logsResource = (core: ApiCore) => defineResource(core, LOG_ROUTES);
/** `callLogs.list(query)`, `callLogs.delete(query)` over a shared core. */
export const callLogsResource = (core: ApiCore) => defineResource(core, CALL_LOG_ROUTES);
