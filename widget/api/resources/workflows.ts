import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "workflow": the five CRUD rows plus generation from transcripts. */
// biome-ignore format: the route table reads best as one row per line
export const WORKFLOW_ROUTES = [
  ...crudRoutes('/workflow'),
  { name: 'generate', method: 'POST', path: '/workflow/generate', body: 'json' },
] as const satisfies readonly RouteSpec[];

/** `workflows.create`, `workflows.generate`… over a shared core. */
export const workflowsResource = (core: ApiCore) => defineResource(core, WORKFLOW_ROUTES);
