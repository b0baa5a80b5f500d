import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "org" and the member actions of docs/behaviour.md#access. */
// biome-ignore format: the route table reads best as one row per line
export const ORG_ROUTES = [
  { name: 'create', method: 'POST', path: '/org', body: 'json' },
  { name: 'list', method: 'GET', path: '/org' },
  { name: 'get', method: 'GET', path: '/org/{id}' },
  { name: 'update', method: 'PATCH', path: '/org/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/org/{id}' },
  { name: 'listUsers', method: 'GET', path: '/org/{id}/user' },
  { name: 'leave', method: 'DELETE', path: '/org/{id}/leave' },
  { name: 'removeMember', method: 'DELETE', path: '/org/{id}/member/{memberId}/leave' },
  { name: 'invite', method: 'POST', path: '/org/{id}/invite', body: 'json' },
  { name: 'updateRole', method: 'PATCH', path: '/org/{id}/role', body: 'json' },
  { name: 'getAuth', method: 'GET', path: '/org/{id}/auth' },
] as const satisfies readonly RouteSpec[];

/** `orgs.invite(id, body)`, `orgs.removeMember(id, userId)`… over a shared core. */
export const orgsResource = (core: ApiCore) => defineResource(core, ORG_ROUTES);
