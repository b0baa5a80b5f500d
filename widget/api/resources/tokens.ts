import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "token": create, list, get, update, delete. */
export const TOKEN_ROUTES = crudRoutes('/token');

/** `tokens.create`, `tokens.list`… over a shared core. */
export const tokensResource = (core: ApiCore) => defineResource(core, TOKEN_ROUTES);
