import { type ApiCore, type ApiCoreOptions, createApiCore } from './core.ts';
import { RESOURCES } from './resources/all.ts';

/** Options of {@link createApiClient}: token, baseUrl, fetch, timeouts, retries, security hook. */
export type ApiClientOptions = ApiCoreOptions;

/** One instance of every resource group, keyed as in {@link RESOURCES}. */
type ResourceGroups = { readonly [K in keyof typeof RESOURCES]: ReturnType<(typeof RESOURCES)[K]> };

/** The full client: every route of docs/behaviour.md#api-routes, grouped by resource. */
export type ApiClient = ResourceGroups & {
  /** Aborts every in-flight request started with this `cancelToken`. */
  readonly abortRequest: ApiCore['abortRequest'];
};

function compose(core: ApiCore): ApiClient {
  const groups = Object.fromEntries(
    Object.entries(RESOURCES).map(([name, create]) => [name, create(core)]),
  ) as unknown as ResourceGroups;
  return { ...groups, abortRequest: core.abortRequest };
}

/**
 * Creates the full API client. For a smaller bundle, use `createApiCore()` with only the
 * resources you need (`callsResource(core)`…): each resource module is independent.
 *
 * @example
 * const client = createApiClient({ token: process.env.VAPI_PRIVATE_KEY ?? '' });
 * const call = await client.calls.get(callId);
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return compose(createApiCore(options));
}
