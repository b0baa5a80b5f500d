import type { ApiCore } from '../core.ts';
import { defineResource } from '../define-resource.ts';
import type { RouteSpec } from '../route-spec.ts';

/** docs/behaviour.md#api-routes "provider" and "voice cloning": routes under a provider name (`/{provider}/…`). */
// biome-ignore format: the route table reads best as one row per line
export const PROVIDER_ROUTES = [
  { name: 'listWorkflows', method: 'GET', path: '/{provider}/workflows', query: true },
  { name: 'getWorkflowHooks', method: 'GET', path: '/{provider}/workflows/{workflowId}/hooks' },
  { name: 'listLocations', method: 'GET', path: '/{provider}/locations', query: true },
  { name: 'searchVoices', method: 'GET', path: '/{provider}/voices/search', query: true },
  { name: 'searchVoice', method: 'GET', path: '/{provider}/voice/search', query: true },
  { name: 'addVoices', method: 'POST', path: '/{provider}/voices/add', body: 'json' },
  { name: 'addVoice', method: 'POST', path: '/{provider}/voice/add', body: 'json' },
  { name: 'cloneVoice', method: 'POST', path: '/{voiceProvider}/voice/clone', body: 'form-data' },
] as const satisfies readonly RouteSpec[];

/** `providers.searchVoices(provider, query)`, `providers.cloneVoice(provider, form)`… */
export const providersResource = (core: ApiCore) => defineResource(core, PROVIDER_ROUTES);
