import { describe, expectTypeOf, it } from 'vitest';
import { createApiClient } from '../../widget/api/client.ts';
import type { RequestOptions } from '../../widget/api/core.ts';
import { paginate } from '../../widget/api/pagination.ts';
import type { Assistant, Call, WebCallBody, WebCallResponse } from '../../widget/api/types.ts';

const client = createApiClient({ token: 'tok' });

describe('path parameters', () => {
  it('takes one string per placeholder, in order', () => {
    expectTypeOf(client.testSuites.runs.get).parameters.toEqualTypeOf<
      [string, string, (RequestOptions | undefined)?]
    >();
    // @ts-expect-error the run id is missing
    client.testSuites.runs.get('suite-1');
    // @ts-expect-error ids are strings, not numbers
    client.calls.get(42);
    // @ts-expect-error a collection route takes no id
    client.assistants.list('a1');
  });
});

describe('bodies', () => {
  it('rejects unknown fields and wrong field types', () => {
    // @ts-expect-error not a field of the web-call body
    client.calls.createWeb({ assistantIdentifier: 'a1' });
    // @ts-expect-error assistantId is a string
    client.calls.createWeb({ assistantId: 7 });
    client.calls.createWeb({ assistantId: 'a1', assistantOverrides: { variableValues: {} } });
    client.calls.createWeb({ workflowId: 'w1', workflowOverrides: {} });
  });

  it('requires a body where the spec requires fields', () => {
    // @ts-expect-error twilioPhoneNumber, twilioAccountSid and twilioAuthToken are required
    client.phoneNumbers.importTwilio();
    // @ts-expect-error the same fields are required inside the body
    client.phoneNumbers.importTwilio({ twilioPhoneNumber: '+15550100' });
    client.phoneNumbers.importTwilio({
      twilioPhoneNumber: '+15550100',
      twilioAccountSid: 'AC1',
      twilioAuthToken: 'secret',
    });
  });

  it('takes FormData, or the document’s fields with Blob files, for uploads', () => {
    client.files.upload(new FormData());
    client.providers.cloneVoice('11labs', new FormData());
    client.files.upload({ file: new Blob(['x']) });
    client.providers.cloneVoice('11labs', { name: 'v', files: [new Blob(['x'])] });
    // @ts-expect-error a file is a Blob (or text), not a number
    client.files.upload({ file: 42 });
    // @ts-expect-error the upload's fields need the file
    client.files.upload({ purpose: 'assistant' });
    // @ts-expect-error the upload needs its body
    client.files.upload();
  });

  it('takes options after the body', () => {
    client.calls.create({}, { idempotencyKey: 'k', signal: AbortSignal.timeout(1) });
    // @ts-expect-error unknown option
    client.calls.create({}, { retries: 3 });
  });
});

describe('queries', () => {
  it('types query fields and accepts dates for date filters', () => {
    client.calls.listPaginated({ limit: 10, createdAtGt: new Date(), sortOrder: 'ASC' });
    // @ts-expect-error sortOrder is ASC or DESC
    client.calls.listPaginated({ sortOrder: 'UP' });
    // @ts-expect-error limit is a number
    client.calls.list({ limit: 'ten' });
  });
});

describe('responses', () => {
  it('returns the generated types', () => {
    expectTypeOf(client.calls.get('c')).resolves.toEqualTypeOf<Call>();
    expectTypeOf(client.assistants.get('a')).resolves.toEqualTypeOf<Assistant>();
    expectTypeOf(client.calls.createWeb).parameter(0).toEqualTypeOf<WebCallBody | undefined>();
    expectTypeOf(client.calls.createWeb({})).resolves.toEqualTypeOf<WebCallResponse>();
    expectTypeOf<WebCallResponse['webCallUrl']>().toEqualTypeOf<string | undefined>();
  });

  it('pages carry typed results', async () => {
    for await (const page of paginate(client.calls.listPaginated, { limit: 2 })) {
      expectTypeOf(page.results).items.toHaveProperty('id');
    }
  });
});
