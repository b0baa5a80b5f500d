import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { refuseCaptureWrites } from '../helpers/disk-full.ts';
import { postPlatformMessage, toolCall, toolCallsMessage } from './fixtures/platform-messages.ts';

const SECRET = 'platform-secret-for-tests-0123456789';
let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk({ DESK_PLATFORM_SECRET: SECRET }, { deliver: false });
});
afterAll(() => desk?.close());

describe('POST /platform/webhook when the capture cannot be stored', () => {
  it('answers 503 and logs the database error code, without personal data', async () => {
    await refuseCaptureWrites(desk.services.database.db);
    const body = toolCallsMessage('call-full', [
      toolCall('tc-full', 'capture_lead', { name: 'Dora Full', phone: '6045551111' }),
    ]);
    const res = await postPlatformMessage(desk.url, SECRET, body);
    expect(res.status).toBe(503);
    const logged = desk.logLines.find((line) => line.msg === 'platform message not stored');
    expect(logged).toMatchObject({ level: 50, code: '53100' });
    expect(JSON.stringify(desk.logLines)).not.toMatch(/Dora|6045551111|555 1111/);
  });
});
