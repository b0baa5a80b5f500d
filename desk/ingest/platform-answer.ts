import {
  askAgainResult,
  badArgumentsResult,
  limitResult,
  savedResult,
} from '../../widget/leads/rules/tool-results.ts';
import { loadRoutingTeam } from '../routing/routing-team.ts';
import { transferDestination } from '../routing/transfer.ts';
import { isRecord, refuseUnstorableText } from './capture-body.ts';
import { IngestError } from './ingest-error.ts';
import { type PlatformToolCall, readEndOfCallReport, readToolCalls } from './platform-message.ts';
import { HANDLED_MESSAGES, isHandledMessage, type MessageValidator } from './platform-schema.ts';
import { type StoreCaptureDeps, storeCapture } from './store-capture.ts';
import { storeConversation } from './store-conversation.ts';

/** What answering the platform needs: storing captures, and the messages' schemas. */
export interface PlatformAnswerDeps extends StoreCaptureDeps {
  messageValidator: () => Promise<MessageValidator>;
}

/** The answer's JSON, and whether delivery jobs became due (the outbox should look). */
export interface PlatformAnswer {
  body: object;
  deliverNow: boolean;
}

/**
 * Answers one of the platform's server messages (docs/desk.md#ingest): checks it against its
 * `ServerMessage*` schema, stores what it carries, and says what the assistant hears. A type
 * the desk does not act on gets `{}`. Throws {@link IngestError} for a body the desk refuses.
 */
export async function answerPlatformMessage(
  deps: PlatformAnswerDeps,
  body: unknown,
): Promise<PlatformAnswer> {
  const message = isRecord(body) && isRecord(body.message) ? body.message : null;
  if (message === null) {
    throw IngestError.field('message', 'must be the server message object');
  }
  const type = message.type;
  if (!isHandledMessage(type)) {
    return { body: {}, deliverNow: false };
  }
  const problems = (await deps.messageValidator())(type, message);
  if (problems.length > 0) {
    throw IngestError.field(
      'message',
      `does not match ${HANDLED_MESSAGES[type]}: ${problems.slice(0, 3).join('; ')}`,
    );
  }
  const now = deps.now?.() ?? new Date();
  if (type === 'tool-calls') {
    return answerToolCalls(deps, readToolCalls(message, now));
  }
  if (type === 'end-of-call-report') {
    const conversation = readEndOfCallReport(message);
    refuseUnstorableText(conversation, '');
    if (conversation !== null) {
      await storeConversation(deps.db, conversation, deps.brokerage.officeHours.timeZone);
    }
    return { body: {}, deliverNow: conversation !== null };
  }
  if (type === 'transfer-destination-request') {
    // The on-duty agent of the team in the database (paused and inactive skipped), once seeded.
    const team = await loadRoutingTeam(deps.db, now, deps.brokerage.officeHours.timeZone);
    return { body: transferDestination({ ...deps.brokerage, ...team }, now), deliverNow: false };
  }
  return { body: {}, deliverNow: false };
}

/** Stores each lead tool call's capture and answers each with the sentence the assistant hears. */
async function answerToolCalls(
  deps: StoreCaptureDeps,
  calls: readonly PlatformToolCall[],
): Promise<PlatformAnswer> {
  for (const call of calls) {
    if ('capture' in call) {
      refuseUnstorableText(call.capture, '');
    }
  }
  const results = [];
  let deliverNow = false;
  for (const call of calls) {
    let result: string;
    if ('badArguments' in call) {
      result = badArgumentsResult(call.name);
    } else if ('askAgain' in call) {
      result = askAgainResult(call.name, call.askAgain);
    } else {
      try {
        const stored = await storeCapture(deps, call.capture, 'platform');
        deliverNow ||= stored.deliverNow;
        result = savedResult(call.capture.kind, stored.assignee);
      } catch (error) {
        if (!(error instanceof IngestError) || error.code !== 'capture-limit') {
          throw error;
        }
        result = limitResult(call.name);
      }
    }
    results.push({ toolCallId: call.toolCallId, name: call.name, result });
  }
  return { body: { results }, deliverNow };
}
