import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { postPlatformMessage, toolCall, toolCallsMessage } from './fixtures/platform-messages.ts';

/**
 * Random hostile bodies on both doors (issue 31): whatever arrives, the desk answers below 500.
 * A 5xx tells the widget to keep retrying (503) or hides a crash (500); a bad body must get a
 * 4xx the sender can act on. fast-check prints the seed and the smallest failing body.
 */

const SECRET = 'platform-secret-for-the-fuzz-tests-0123';
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_PLATFORM_SECRET: SECRET, DESK_LEADS_PER_MINUTE: '0' },
    { deliver: false, weeklyReport: false },
  );
});
afterAll(() => desk?.close());

/** Values that broke the desk before, and plain random JSON around them. */
const hostile = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '+275760-09-13T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    'javascript:alert(1)',
    '__proto__',
    'constructor',
    '9'.repeat(400),
  ),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 }), {
    maxKeys: 3,
  }),
);

const LEAD_PATHS = [
  'kind',
  'idempotencyKey',
  'conversationId',
  'toolCallId',
  'capturedAt',
  'listing',
  'listing.url',
  'listing.address',
  'listing.price',
  'fields',
  'fields.name',
  'fields.phone',
  'fields.email',
  'fields.intent',
  'fields.notes',
  'fields.consentToContact',
  'fields.preferredTimes',
  'consent',
  'pageUrl',
] as const;

/** A copy of `body` with the value at a dotted path replaced. */
function withValue(body: Record<string, unknown>, path: string, value: unknown) {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) {
      node[key] = {};
    }
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
  return copy;
}

describe('random hostile bodies', () => {
  it('POST /leads answers every one below 500', async () => {
    const mutation = fc.record({ path: fc.constantFrom(...LEAD_PATHS), value: hostile });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('lead', 'viewing-request'),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (kind, mutations) => {
          const body = mutations.reduce(
            (b, m) => withValue(b, m.path, m.value),
            leadBody({
              kind,
              fields: { ...(leadBody().fields as object), preferredTimes: ['Saturday 2pm'] },
            }),
          );
          const res = await postJson(`${desk.url}/leads`, body);
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('POST /platform/webhook answers every tool call below 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('capture_lead', 'request_viewing', 'toString', '__proto__'),
        fc.dictionary(
          fc.constantFrom(
            'name',
            'phone',
            'email',
            'intent',
            'notes',
            'preferred_times',
            'listing',
            'consent_to_contact',
            'do_not_contact',
          ),
          hostile,
          { maxKeys: 5 },
        ),
        fc.option(hostile),
        async (name, args, type) => {
          const message = toolCallsMessage(`call-fuzz-${Math.random()}`, [
            toolCall('t1', name, args),
          ]);
          const body = type === null ? message : { message: { ...message.message, type } };
          const res = await postPlatformMessage(desk.url, SECRET, body);
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
  });
});
