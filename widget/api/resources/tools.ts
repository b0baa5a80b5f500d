import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "tool": create, list, get, update, delete. */
export const TOOL_ROUTES = crudRoutes('/tool');

/** `tools.create`, `tools.list`… over a shared core. */
export const toolsResource = (core: ApiCore) => defineResource(core, TOOL_ROUTES);
