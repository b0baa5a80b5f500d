import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { startTestDesk, type TestDesk, until } from '../helpers/desk-harness.ts';
import { readMime, type SmtpStandIn, startSmtpStandIn } from '../helpers/smtp-stand-in.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import {
  endOfCallReport,
  postPlatformMessage,
  toolCall,
  toolCallsMessage,
} from './fixtures/platform-messages.ts';

/**
 * Issue 31 #7, to the end: a call's capture, then an end-of-call report whose transcript is
 * about 1 MB of distinct words. The report is stored (docs/desk.md: whole, up to the 16 MB body
 * limit, so no cap or marker applies), and the capture's deliveries that carry a transcript, the
 * signed webhook's `conversation.completed` and the reply to the agent's email, carry all of it.
 */

const PLATFORM_SECRET = 'platform-secret-for-transcript-tests-0123';
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const CALL = 'call-big-transcript';
/** About 1 MB of distinct words: more than a search vector can hold (the defect's trigger). */
const WORDS = Array.from({ length: 140_000 }, (_, i) => `w${i.toString(36)}x`).join(' ');

let desk: TestDesk;
let receiver: WebhookReceiver;
let smtp: SmtpStandIn;

function platform(body: unknown) {
  return postPlatformMessage(desk.url, PLATFORM_SECRET, body);
}

interface Completed {
  type: string;
  conversation: { id: string; transcript: string | null };
}

describe.each([pglite(), postgres()])('on $name', (database: DatabaseUnderTest) => {
  beforeAll(async () => {
    receiver = await startWebhookReceiver(WEBHOOK_SECRET);
    smtp = await startSmtpStandIn();
    desk = await startTestDesk(
      {
        DESK_PLATFORM_SECRET: PLATFORM_SECRET,
        DESK_WEBHOOK_URL: receiver.url,
        DESK_WEBHOOK_SECRET: WEBHOOK_SECRET,
        SMTP_URL: smtp.url,
        // An update waiting for its alert retries: a short schedule keeps the test in seconds.
        DESK_RETRY_BASE_MS: '200',
        DESK_RETRY_MAX_MS: '400',
        ...(database.freshUrl && { DATABASE_URL: await database.freshUrl() }),
      },
      { weeklyReport: false, retention: false },
    );
  });
  afterAll(async () => {
    await receiver?.close();
    await desk?.close();
    await smtp?.close();
    await database.close();
  });

  describe('an end-of-call report with a 1 MB transcript', () => {
    it('is carried whole by conversation.completed and by the reply to the agent’s email', async () => {
      expect(WORDS.length).toBeGreaterThan(800_000);
      const capture = toolCallsMessage(CALL, [
        toolCall('tc-big-transcript', 'capture_lead', { name: 'Robin Vale', phone: '6045550177' }),
      ]);
      expect((await platform(capture)).status).toBe(200);
      const report = endOfCallReport(CALL, { artifact: { transcript: WORDS, messages: [] } });
      expect((await platform(report)).status).toBe(200);

      const completed = await until(
        () =>
          receiver.messages
            .map((m) => m.payload as Completed)
            .find((p) => p.type === 'conversation.completed' && p.conversation.id === CALL),
        'conversation.completed',
      );
      expect(completed.conversation.transcript?.length).toBe(WORDS.length);
      expect(completed.conversation.transcript).toBe(WORDS);

      const reply = await until(
        () => smtp.messages.find((m) => /^in-reply-to:/im.test(m.raw)),
        'the reply to the alert email',
      );
      const text = readMime(reply.raw).parts.find((p) =>
        (p.headers['content-type'] ?? '').startsWith('text/plain'),
      );
      expect(text?.body).toContain(WORDS);
    });
  });
});
