import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "chat". The web-chat routes take a public key, like POST /call/web. */
// biome-ignore format: the route table reads best as one row per line
export const CHAT_ROUTES = [
  { name: 'list', method: 'GET', path: '/chat', query: true, paginated: true },
  { name: 'create', method: 'POST', path: '/chat', body: 'json' },
  { name: 'get', method: 'GET', path: '/chat/{id}' },
  { name: 'delete', method: 'DELETE', path: '/chat/{id}' },
  { name: 'createResponse', method: 'POST', path: '/chat/responses', body: 'json' },
  { name: 'createWeb', method: 'POST', path: '/chat/web', body: 'json', publicKey: true },
  { name: 'createWebResponse', method: 'POST', path: '/chat/web/responses', body: 'json', publicKey: true },
] as const satisfies readonly RouteSpec[];

/** `chats.create`, `chats.createWeb`… over a shared core. */
export const chatsResource = (core: ApiCore) => defineResource(core, CHAT_ROUTES);
