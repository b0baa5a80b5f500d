import { describe, expect, it } from 'vitest';
import * as publicApi from '../../widget/entries/package-surface.ts';

describe('widget/entries/package-surface.ts public surface', () => {
  it('exports exactly the documented runtime names', () => {
    expect(Object.keys(publicApi).sort()).toEqual(
      [
        'ATTRIBUTES',
        'ApiAbortError',
        'ApiConnectionError',
        'ApiError',
        'ApiParseError',
        'ApiTimeoutError',
        'AuthenticationError',
        'BadRequestError',
        'CallClient',
        'CallError',
        'ConflictError',
        'DEFAULT_BASE_URL',
        'InternalServerError',
        'NotFoundError',
        'PermissionDeniedError',
        'RESOURCES',
        'ROUTES',
        'RateLimitError',
        'START_STAGES',
        'UnprocessableEntityError',
        'VoiceAssistantElement',
        'VoiceAssistantError',
        'analyticsResource',
        'assistantsResource',
        'callLogsResource',
        'callsResource',
        'campaignsResource',
        'chatsResource',
        'createApiClient',
        'createApiCore',
        'credentialsResource',
        'defineVoiceAssistant',
        'demoCallOptions',
        'filesResource',
        'fromResponse',
        'knowledgeBasesResource',
        'logsResource',
        'orgsResource',
        'paginate',
        'phoneNumbersResource',
        'providersResource',
        'sessionsResource',
        'squadsResource',
        'supportResource',
        'templatesResource',
        'testSuitesResource',
        'tokensResource',
        'toolsResource',
        'voiceLibraryResource',
        'workflowsResource',
      ].sort(),
    );
  });

  it('gives every error class a name and a code', () => {
    const call = publicApi.CallError.validation('Assistant or Squad or Workflow must be provided.');
    expect(call.name).toBe('CallError');
    expect(call.code).toBe('validation-error');
    const api = publicApi.fromResponse(429, new Headers({ 'retry-after': '1' }), {
      message: 'slow',
    });
    expect(api).toBeInstanceOf(publicApi.RateLimitError);
    expect(api).toBeInstanceOf(publicApi.ApiError);
    expect(api.name).toBe('RateLimitError');
    expect(typeof api.code).toBe('string');
  });

  it('registers the element only once, whatever the number of calls', () => {
    publicApi.defineVoiceAssistant('va-surface-test');
    publicApi.defineVoiceAssistant('va-surface-test');
    expect(customElements.get('va-surface-test')).toBeDefined();
  });
});
