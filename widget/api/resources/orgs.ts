import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "org" and the member actions of SPEC §6. */
// biome-ignore format: the route table reads best as one row per line
export const ORG_ROUTES = [
  { name: 'create', method: 'POST', path: '/org', body: 'json', auth: 'bearer' },
  { name: 'list', method: 'GET', path: '/org', body: 'none', auth: 'bearer' },
  { name: 'get', method: 'GET', path: '/org/{id}', body: 'none', auth: 'bearer' },
  { name: 'update', method: 'PATCH', path: '/org/{id}', body: 'json', auth: 'bearer' },
  { name: 'delete', method: 'DELETE', path: '/org/{id}', body: 'none', auth: 'bearer' },
  { name: 'listUsers', method: 'GET', path: '/org/{id}/user', body: 'none', auth: 'bearer' },
  { name: 'leave', method: 'DELETE', path: '/org/{id}/leave', body: 'none', auth: 'bearer' },
  { name: 'removeMember', method: 'DELETE', path: '/org/{id}/member/{memberId}/leave', body: 'none', auth: 'bearer' },
  { name: 'invite', method: 'POST', path: '/org/{id}/invite', body: 'json', auth: 'bearer' },
  { name: 'updateRole', method: 'PATCH', path: '/org/{id}/role', body: 'json', auth: 'bearer' },
  { name: 'getAuth', method: 'GET', path: '/org/{id}/auth', body: 'none', auth: 'bearer' },
] as const satisfies readonly RouteSpec[];

/** `orgs.invite(id, body)`, `orgs.removeMember(id, userId)`… over a shared core. */
export const orgsResource = (core: ApiCore) => defineResource(core, ORG_ROUTES);
