import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "template": create, list, get, update, delete, plus the pinned templates. */
// biome-ignore format: the route table reads best as one row per line
export const TEMPLATE_ROUTES = [
  ...crudRoutes('/template'),
  { name: 'listPinned', method: 'GET', path: '/template/pinned' },
] as const satisfies readonly RouteSpec[];

/** `templates.create`, `templates.listPinned`… over a shared core. */
export const templatesResource = (core: ApiCore) => defineResource(core, TEMPLATE_ROUTES);
