import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { transferRequest } from './fixtures/platform-messages.ts';

/**
 * Hostile bodies on both doors (issue 31): each answer is what a user of the API would rely on,
 * checked over real HTTP on 127.0.0.1.
 */

const SECRET = 'platform-secret-for-hostile-tests-0123';
const ON_DUTY_PHONE = /6045550102|\+16045550102/;
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_PLATFORM_SECRET: SECRET },
    // Wednesday 11:00 in Vancouver: inside office hours, when a transfer names the on-duty agent.
    { deliver: false, now: () => new Date('2026-11-25T19:00:00.000Z') },
  );
});
afterAll(() => desk?.close());

function webhook(body: unknown) {
  return fetch(`${desk.url}/platform/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
    body: JSON.stringify(body),
  });
}

describe('POST /platform/webhook with a prototype key as the message type', () => {
  it('answers 200 with nothing, and never the on-duty agent’s phone', async () => {
    // The real transfer request names the phone: the probe below would see a leak.
    const real = await (await webhook(transferRequest('call-proto'))).text();
    expect(real).toMatch(ON_DUTY_PHONE);
    for (const type of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const { message } = transferRequest('call-proto');
      const res = await webhook({ message: { ...message, type } });
      expect(res.status, type).toBe(200);
      const text = await res.text();
      expect(text, type).not.toMatch(ON_DUTY_PHONE);
      expect(JSON.parse(text), type).toEqual({});
    }
  });
});
