import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "voice library". */
// biome-ignore format: the route table reads best as one row per line
export const VOICE_LIBRARY_ROUTES = [
  { name: 'list', method: 'GET', path: '/voice-library/{provider}', query: true },
  { name: 'listAccents', method: 'GET', path: '/voice-library/{provider}/accents' },
  { name: 'syncProvider', method: 'POST', path: '/voice-library/sync/{provider}' },
  { name: 'sync', method: 'POST', path: '/voice-library/sync', body: 'json' },
  { name: 'createSesameVoice', method: 'POST', path: '/voice-library/create-sesame-voice', body: 'json' },
] as const satisfies readonly RouteSpec[];

/** `voiceLibrary.list(provider)`, `voiceLibrary.sync(body)`… over a shared core. */
export const voiceLibraryResource = (core: ApiCore) => defineResource(core, VOICE_LIBRARY_ROUTES);
