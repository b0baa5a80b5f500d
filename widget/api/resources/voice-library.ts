import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "voice library". */
// biome-ignore format: the route table reads best as one row per line
export const VOICE_LIBRARY_ROUTES = [
  { name: 'list', method: 'GET', path: '/voice-library/{provider}', body: 'none', auth: 'bearer', query: true },
  { name: 'listAccents', method: 'GET', path: '/voice-library/{provider}/accents', body: 'none', auth: 'bearer' },
  { name: 'syncProvider', method: 'POST', path: '/voice-library/sync/{provider}', body: 'none', auth: 'bearer' },
  { name: 'sync', method: 'POST', path: '/voice-library/sync', body: 'json', auth: 'bearer' },
  { name: 'createSesameVoice', method: 'POST', path: '/voice-library/create-sesame-voice', body: 'json', auth: 'bearer' },
] as const satisfies readonly RouteSpec[];

/** `voiceLibrary.list(provider)`, `voiceLibrary.sync(body)`… over a shared core. */
export const voiceLibraryResource = (core: ApiCore) => defineResource(core, VOICE_LIBRARY_ROUTES);
