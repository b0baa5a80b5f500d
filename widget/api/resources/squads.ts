import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "squad": create, list, get, update, delete. */
export const SQUAD_ROUTES = crudRoutes('/squad');

/** `squads.create`, `squads.list`… over a shared core. */
export const squadsResource = (core: ApiCore) => defineResource(core, SQUAD_ROUTES);
