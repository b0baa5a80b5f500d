import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import { crudRoutes } from './crud.ts';

/** docs/behaviour.md#api-routes "knowledge bases": create, list, get, update, delete. */
export const KNOWLEDGE_BASE_ROUTES = crudRoutes('/knowledge-base');

/** `knowledgeBases.create`, `knowledgeBases.list`… over a shared core. */
export const knowledgeBasesResource = (core: ApiCore) =>
  defineResource(core, KNOWLEDGE_BASE_ROUTES);
