import { type ApiCore, type ApiCoreOptions, createApiCore } from './core.ts';
import { analyticsResource } from './resources/analytics.ts';
import { assistantsResource } from './resources/assistants.ts';
import { callsResource } from './resources/calls.ts';
import { campaignsResource } from './resources/campaigns.ts';
import { chatsResource } from './resources/chats.ts';
import { credentialsResource } from './resources/credentials.ts';
import { filesResource } from './resources/files.ts';
import { knowledgeBasesResource } from './resources/knowledge-bases.ts';
import { callLogsResource, logsResource } from './resources/logs.ts';
import { orgsResource } from './resources/orgs.ts';
import { phoneNumbersResource } from './resources/phone-numbers.ts';
import { providersResource } from './resources/providers.ts';
import { sessionsResource } from './resources/sessions.ts';
import { squadsResource } from './resources/squads.ts';
import { supportResource } from './resources/support.ts';
import { templatesResource } from './resources/templates.ts';
import { testSuitesResource } from './resources/test-suites.ts';
import { tokensResource } from './resources/tokens.ts';
import { toolsResource } from './resources/tools.ts';
import { voiceLibraryResource } from './resources/voice-library.ts';
import { workflowsResource } from './resources/workflows.ts';

/** Options of {@link createApiClient}: token, baseUrl, fetch, timeouts, retries, security hook. */
export type ApiClientOptions = ApiCoreOptions;

function compose(core: ApiCore) {
  return {
    calls: callsResource(core),
    chats: chatsResource(core),
    campaigns: campaignsResource(core),
    sessions: sessionsResource(core),
    support: supportResource(core),
    assistants: assistantsResource(core),
    phoneNumbers: phoneNumbersResource(core),
    tools: toolsResource(core),
    knowledgeBases: knowledgeBasesResource(core),
    squads: squadsResource(core),
    tokens: tokensResource(core),
    templates: templatesResource(core),
    files: filesResource(core),
    workflows: workflowsResource(core),
    testSuites: testSuitesResource(core),
    analytics: analyticsResource(core),
    logs: logsResource(core),
    callLogs: callLogsResource(core),
    orgs: orgsResource(core),
    credentials: credentialsResource(core),
    voiceLibrary: voiceLibraryResource(core),
    providers: providersResource(core),
    /** Aborts every in-flight request started with this `cancelToken`. */
    abortRequest: core.abortRequest,
  };
}

/** The full client: every SPEC §7 route, grouped by resource. */
export type ApiClient = ReturnType<typeof compose>;

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
