import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "credential". The webhook is the one route called without a token (docs/behaviour.md#access). */
// biome-ignore format: the route table reads best as one row per line
export const CREDENTIAL_ROUTES = [
  { name: 'create', method: 'POST', path: '/credential', body: 'json' },
  { name: 'list', method: 'GET', path: '/credential', query: true },
  { name: 'get', method: 'GET', path: '/credential/{id}' },
  { name: 'update', method: 'PATCH', path: '/credential/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/credential/{id}' },
  { name: 'createSession', method: 'POST', path: '/credential/session', body: 'json' },
  { name: 'webhook', method: 'POST', path: '/credential/webhook', body: 'json', auth: 'none' },
  { name: 'trigger', method: 'POST', path: '/credential/trigger', body: 'json' },
] as const satisfies readonly RouteSpec[];

/** `credentials.create`, `credentials.webhook`… over a shared core. */
export const credentialsResource = (core: ApiCore) => defineResource(core, CREDENTIAL_ROUTES);
