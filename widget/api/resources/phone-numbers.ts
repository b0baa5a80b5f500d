import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "phone number" (imports from the two telephony providers) and GET /v2/phone-number. */
// biome-ignore format: the route table reads best as one row per line
export const PHONE_NUMBER_ROUTES = [
  { name: 'importTwilio', method: 'POST', path: '/phone-number/import/twilio', body: 'json' },
  { name: 'importVonage', method: 'POST', path: '/phone-number/import/vonage', body: 'json' },
  { name: 'create', method: 'POST', path: '/phone-number', body: 'json' },
  { name: 'list', method: 'GET', path: '/phone-number', query: true },
  { name: 'get', method: 'GET', path: '/phone-number/{id}' },
  { name: 'update', method: 'PATCH', path: '/phone-number/{id}', body: 'json' },
  { name: 'delete', method: 'DELETE', path: '/phone-number/{id}' },
  { name: 'listPaginated', method: 'GET', path: '/v2/phone-number', query: true, paginated: true },
] as const satisfies readonly RouteSpec[];

/** `phoneNumbers.importTwilio`, `phoneNumbers.list`… over a shared core. */
export const phoneNumbersResource = (core: ApiCore) => defineResource(core, PHONE_NUMBER_ROUTES);
