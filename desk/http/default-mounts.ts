import type { RouteMount } from './app.ts';

/** The routes the desk mounts beside ingest: the inbox's pages and its `/api/`. */
export const defaultMounts: readonly RouteMount[] = [];
