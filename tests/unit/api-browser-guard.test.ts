import { describe, expect, it } from 'vitest';
import { ApiError } from '../../widget/api/api-errors.ts';
import { createApiClient } from '../../widget/api/client.ts';
import type { ApiCoreOptions } from '../../widget/api/core.ts';

// The unit project runs in happy-dom, so `window` and `document` exist as in a browser.
function browserClient(extra: Partial<ApiCoreOptions> = {}) {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = async (url) => {
    sent.push(String(url));
    return new Response('{"id":"x"}', { headers: { 'content-type': 'application/json' } });
  };
  return {
    client: createApiClient({ token: 'key', baseUrl: 'http://api.test', fetch, ...extra }),
    sent,
  };
}

describe('browser guard', () => {
  it('refuses a private-key route in a browser before anything is sent', async () => {
    const { client, sent } = browserClient();
    const failure = client.assistants.list();
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 'browser-not-allowed',
      message: expect.stringContaining('dangerouslyAllowBrowser'),
    });
    expect(sent).toEqual([]);
  });

  it('allows the public-key web call and web chat routes', async () => {
    const { client, sent } = browserClient();
    await expect(client.calls.createWeb({ assistantId: 'a' })).resolves.toEqual({ id: 'x' });
    await client.chats.createWeb({ input: 'hi' });
    expect(sent).toEqual(['http://api.test/call/web', 'http://api.test/chat/web']);
  });

  it('allows every route after an explicit opt-in', async () => {
    const { client, sent } = browserClient({ dangerouslyAllowBrowser: true });
    await client.assistants.get('a1');
    expect(sent).toEqual(['http://api.test/assistant/a1']);
  });
});
