import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** SPEC §7 "provider" and "voice cloning": routes under a provider name (`/{provider}/…`). */
// biome-ignore format: the route table reads best as one row per line
export const PROVIDER_ROUTES = [
  { name: 'listWorkflows', method: 'GET', path: '/{provider}/workflows', body: 'none', auth: 'bearer', query: true },
  { name: 'getWorkflowHooks', method: 'GET', path: '/{provider}/workflows/{workflowId}/hooks', body: 'none', auth: 'bearer' },
  { name: 'listLocations', method: 'GET', path: '/{provider}/locations', body: 'none', auth: 'bearer', query: true },
  { name: 'searchVoices', method: 'GET', path: '/{provider}/voices/search', body: 'none', auth: 'bearer', query: true },
  { name: 'searchVoice', method: 'GET', path: '/{provider}/voice/search', body: 'none', auth: 'bearer', query: true },
  { name: 'addVoices', method: 'POST', path: '/{provider}/voices/add', body: 'json', auth: 'bearer' },
  { name: 'addVoice', method: 'POST', path: '/{provider}/voice/add', body: 'json', auth: 'bearer' },
  { name: 'cloneVoice', method: 'POST', path: '/{voiceProvider}/voice/clone', body: 'form-data', auth: 'bearer' },
] as const satisfies readonly RouteSpec[];

/** `providers.searchVoices(provider, query)`, `providers.cloneVoice(provider, form)`… */
export const providersResource = (core: ApiCore) => defineResource(core, PROVIDER_ROUTES);
