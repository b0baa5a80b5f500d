import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../widget/api/client.ts';
import { ROUTES } from '../../widget/api/routes.ts';

// The platform's route list (docs/behaviour.md#api-routes), written out row by row and apart from
// widget/api/routes.ts: the oracle the route table is held to. The two telephony-provider imports
// are listed as {telephony_provider_1} and {telephony_provider_2}, which the platform documents as
// twilio and vonage.
const SPEC_ROWS = `
POST /call; GET /call; GET /call/{id}; PATCH /call/{id}; DELETE /call/{id}; POST /call/phone; POST /call/web
GET /v2/call/export; GET /v2/call; GET /v2/call/metadata; GET /v2/assistant; GET /v2/phone-number
GET /chat; POST /chat; GET /chat/{id}; DELETE /chat/{id}; POST /chat/responses; POST /chat/web; POST /chat/web/responses
POST /campaign; GET /campaign; GET /campaign/paginated; GET /campaign/{id}; PATCH /campaign/{id}; DELETE /campaign/{id}
POST /session; GET /session; GET /session/{id}; PATCH /session/{id}; DELETE /session/{id}
POST /support/ticket
POST /assistant; GET /assistant; GET /assistant/{id}; PATCH /assistant/{id}; PUT /assistant/{id}; DELETE /assistant/{id}; GET /assistant/{id}/version
POST /phone-number/import/twilio; POST /phone-number/import/vonage; POST /phone-number; GET /phone-number; GET /phone-number/{id}; PATCH /phone-number/{id}; DELETE /phone-number/{id}
POST /tool; GET /tool; GET /tool/{id}; PATCH /tool/{id}; DELETE /tool/{id}
POST /knowledge-base; GET /knowledge-base; GET /knowledge-base/{id}; PATCH /knowledge-base/{id}; DELETE /knowledge-base/{id}
POST /squad; GET /squad; GET /squad/{id}; PATCH /squad/{id}; DELETE /squad/{id}
POST /token; GET /token; GET /token/{id}; PATCH /token/{id}; DELETE /token/{id}
POST /template; GET /template; GET /template/{id}; PATCH /template/{id}; DELETE /template/{id}; GET /template/pinned
POST /file/upload; POST /file; GET /file; GET /file/{id}; PATCH /file/{id}; DELETE /file/{id}
GET /workflow; POST /workflow; GET /workflow/{id}; PATCH /workflow/{id}; DELETE /workflow/{id}; POST /workflow/generate
GET /test-suite; POST /test-suite; GET /test-suite/{id}; PATCH /test-suite/{id}; DELETE /test-suite/{id}
GET /test-suite/{id}/test; POST /test-suite/{id}/test; GET /test-suite/{id}/test/{testId}; PATCH /test-suite/{id}/test/{testId}; DELETE /test-suite/{id}/test/{testId}
GET /test-suite/{id}/run; POST /test-suite/{id}/run; GET /test-suite/{id}/run/{runId}; PATCH /test-suite/{id}/run/{runId}; DELETE /test-suite/{id}/run/{runId}
POST /analytics
GET /log; DELETE /log; GET /logs; DELETE /logs
POST /org; GET /org; GET /org/{id}; PATCH /org/{id}; DELETE /org/{id}; GET /org/{id}/user; DELETE /org/{id}/leave; DELETE /org/{id}/member/{userId}/leave; POST /org/{id}/invite; PATCH /org/{id}/role; GET /org/{id}/auth
POST /credential; GET /credential; GET /credential/{id}; PATCH /credential/{id}; DELETE /credential/{id}; POST /credential/session; POST /credential/webhook; POST /credential/trigger
GET /voice-library/{provider}; GET /voice-library/{provider}/accents; POST /voice-library/sync/{provider}; POST /voice-library/sync; POST /voice-library/create-sesame-voice
GET /{provider}/workflows; GET /{provider}/workflows/{id}/hooks; GET /{provider}/locations; GET /{provider}/voices/search; GET /{provider}/voice/search; POST /{provider}/voices/add; POST /{provider}/voice/add
POST /{voice_provider}/voice/clone
`
  .trim()
  .split(/;|\n/)
  .map((row) => row.trim());

/** Placeholder names differ between this list and the documents; positions matter. */
const normalise = (row: string) => row.replace(/\{[^}]+\}/g, '{}');

type Group = Record<string, unknown>;
function methodsOf(group: Group, prefix = ''): string[] {
  return Object.entries(group).flatMap(([key, value]) => {
    if (typeof value === 'function') {
      return [`${prefix}${key}`];
    }
    return value && typeof value === 'object' ? methodsOf(value as Group, `${prefix}${key}.`) : [];
  });
}

describe('route table', () => {
  it('has exactly the 135 operations of docs/behaviour.md#api-routes, no more and no fewer', () => {
    expect(SPEC_ROWS).toHaveLength(135);
    const table = ROUTES.map((r) => normalise(`${r.method} ${r.path}`)).sort();
    expect(table).toEqual(SPEC_ROWS.map(normalise).sort());
  });

  it('marks POST /credential/webhook as the only unauthenticated route', () => {
    const open = ROUTES.filter((r) => r.auth === 'none').map((r) => `${r.method} ${r.path}`);
    expect(open).toEqual(['POST /credential/webhook']);
  });

  it('sends uploads and voice cloning as form data and nothing else', () => {
    const forms = ROUTES.filter((r) => r.body === 'form-data').map((r) => r.path);
    expect(forms.sort()).toEqual(['/file', '/file/upload', '/{voiceProvider}/voice/clone']);
  });

  it('allows only the web call and web chat routes for public keys', () => {
    const publicRoutes = ROUTES.filter((r) => 'publicKey' in r && r.publicKey).map((r) => r.path);
    expect(publicRoutes).toEqual(['/call/web', '/chat/web', '/chat/web/responses']);
  });

  it('gives GET no body, and every row a unique method name in its group', () => {
    for (const row of ROUTES) {
      if (row.method === 'GET') {
        expect(row.body, `${row.method} ${row.path}`).toBe('none');
      }
    }
    const names = ROUTES.map((r) => `${r.group}.${r.name}`);
    expect(new Set(names).size).toBe(ROUTES.length);
  });

  it('builds the client from the table: one method per row and nothing else', () => {
    const client = createApiClient({ token: 'unused' });
    const { abortRequest, ...groups } = client;
    expect(typeof abortRequest).toBe('function');
    expect(methodsOf(groups).sort()).toEqual(ROUTES.map((r) => `${r.group}.${r.name}`).sort());
  });
});
