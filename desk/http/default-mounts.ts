import { inboxApi } from '../inbox/api-routes.ts';
import { mountInboxPages } from '../inbox/inbox-pages.ts';
import type { RouteMount } from './app.ts';

/** The routes the desk mounts beside ingest: the inbox's pages and its `/api/`. */
export const defaultMounts: readonly RouteMount[] = [
  (app, services) => {
    app.route('/', inboxApi(services));
  },
  (app) => mountInboxPages(app),
];
