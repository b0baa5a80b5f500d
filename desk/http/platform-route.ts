import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { isRecord } from '../ingest/capture-body.ts';
import { IngestError } from '../ingest/ingest-error.ts';
import {
  type PlatformToolCall,
  readEndOfCallReport,
  readToolCalls,
} from '../ingest/platform-message.ts';
import { HANDLED_MESSAGES, type HandledMessageType } from '../ingest/platform-schema.ts';
import { storeCapture } from '../ingest/store-capture.ts';
import { storeConversation } from '../ingest/store-conversation.ts';
import { onDutyAgent } from '../routing/assign.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody, ingestFailure } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';

/** The largest server message read: end-of-call reports carry whole transcripts. */
export const PLATFORM_MAX_BYTES = 16 * 1024 * 1024;

/** Compares two secrets in constant time (for equal lengths; a length mismatch is a miss). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) {
    return false;
  }
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare against itself on a length mismatch, so the time does not depend on the length.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

function toolResult(call: PlatformToolCall, assignee: string | null): string {
  if ('badArguments' in call) {
    return `Not saved: the arguments were not a JSON object. Call ${call.name} again.`;
  }
  if ('askAgain' in call) {
    return (
      'Not saved: some details are missing or invalid. Please ask the caller again for ' +
      `${call.askAgain.join('; ')}. Then call ${call.name} again with all the details.`
    );
  }
  const who = assignee ?? 'the team';
  return call.capture.kind === 'lead'
    ? `Saved. The caller's details are with ${who}, who will be in touch. Tell the caller.`
    : `Saved. The viewing request is with ${who}, who will confirm the time. Tell the caller.`;
}

/** E.164 for the platform: `+` and digits; a 10-digit North-American number gets `+1`. */
function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+')
    ? `+${digits}`
    : digits.length === 10
      ? `+1${digits}`
      : `+${digits}`;
}

/**
 * `POST /platform/webhook`: the voice platform's server messages (docs/desk.md#ingest). The
 * `x-vapi-secret` header must equal `DESK_PLATFORM_SECRET` (401 otherwise; 503 when no secret
 * is set, so it never runs open). Bodies are checked against the `ServerMessage*` schemas.
 */
export function platformRoute(services: DeskServices): Hono {
  const app = new Hono();
  const secret = services.env.platformSecret;
  app.post(
    '/platform/webhook',
    async (c, next) => {
      if (secret === null) {
        return errorBody(c, 503, 'not-configured', 'not configured: set DESK_PLATFORM_SECRET');
      }
      if (!sameSecret(c.req.header('x-vapi-secret'), secret)) {
        services.log.warn({ msg: 'platform webhook refused', reason: 'wrong secret' });
        return errorBody(c, 401, 'unauthorized', 'The x-vapi-secret header is missing or wrong');
      }
      await next();
    },
    bodyLimit({
      maxSize: PLATFORM_MAX_BYTES,
      onError: (c) => errorBody(c, 413, 'body-too-large', 'A server message is at most 16 MB'),
    }),
    async (c) => {
      try {
        const body = await readJsonBody(c);
        const message = isRecord(body) && isRecord(body.message) ? body.message : null;
        if (message === null) {
          throw IngestError.field('message', 'must be the server message object');
        }
        const type = message.type;
        if (typeof type !== 'string' || !(type in HANDLED_MESSAGES)) {
          return c.json({}, 200);
        }
        const problems = (await services.messageValidator())(type as HandledMessageType, message);
        if (problems.length > 0) {
          throw IngestError.field(
            'message',
            `does not match ${HANDLED_MESSAGES[type as HandledMessageType]}: ${problems.slice(0, 3).join('; ')}`,
          );
        }
        if (type === 'tool-calls') {
          return c.json(await answerToolCalls(services, message));
        }
        if (type === 'end-of-call-report') {
          const conversation = readEndOfCallReport(message);
          if (conversation !== null) {
            await storeConversation(services.database.db, conversation);
            services.wakeOutbox();
          }
          return c.json({}, 200);
        }
        return c.json(answerTransfer(services));
      } catch (error) {
        return ingestFailure(c, error, services.log, 'platform message not stored');
      }
    },
  );
  return app;
}

async function answerToolCalls(services: DeskServices, message: Record<string, unknown>) {
  const now = services.now?.() ?? new Date();
  const results = [];
  let deliverNow = false;
  for (const call of readToolCalls(message, now)) {
    let assignee: string | null = null;
    let result: string;
    if ('capture' in call) {
      try {
        const stored = await storeCapture(
          {
            db: services.database.db,
            brokerage: services.brokerage,
            adapters: services.adapters,
            ...(services.now && { now: services.now }),
          },
          call.capture,
          'platform',
        );
        deliverNow ||= stored.deliverNow;
        const row = await services.database.db
          .selectFrom('captures')
          .select('assigned_name')
          .where('id', '=', stored.captureId)
          .executeTakeFirst();
        assignee = row?.assigned_name ?? null;
        result = toolResult(call, assignee);
      } catch (error) {
        if (!(error instanceof IngestError) || error.code !== 'capture-limit') {
          throw error;
        }
        result =
          'Not saved: this conversation reached the limit of requests. Tell the caller their ' +
          `details are already with the team. Do not call ${call.name} again.`;
      }
    } else {
      result = toolResult(call, null);
    }
    results.push({ toolCallId: call.toolCallId, name: call.name, result });
  }
  if (deliverNow) {
    services.wakeOutbox();
  }
  return { results };
}

function answerTransfer(services: DeskServices) {
  const now = services.now?.() ?? new Date();
  const agent = onDutyAgent(services.brokerage);
  if (agent !== null && isWithinOfficeHours(services.brokerage.officeHours, now)) {
    return {
      destination: {
        type: 'number',
        number: e164(agent.phone),
        message: `Connecting you with ${agent.name} now.`,
      },
    };
  }
  return {
    message: {
      type: 'request-failed',
      content:
        'No agent can take the call right now (outside office hours). Offer a callback: ask ' +
        "for the caller's name and number and save them with capture_lead.",
    },
  };
}
