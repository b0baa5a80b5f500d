import type { ListingContext } from '../../widget/leads/page/listing-context.ts';
import type { VisitSource } from '../../widget/leads/rules/visit-source.ts';
import type { StoredMessage } from '../storage/schema.ts';
import {
  instant,
  isRecord,
  pageUrl,
  parseListing,
  refuseUnstorableText,
  visitSource,
} from './capture-body.ts';
import { IngestError } from './ingest-error.ts';

/** A finished conversation's record, from the platform's report or the widget's own. */
export interface IncomingConversation {
  id: string;
  source: 'platform' | 'widget';
  channel: string | null;
  transcript: string | null;
  messages: StoredMessage[];
  summary: string | null;
  recordingUrl: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  pageUrl: string | null;
  /** The listing the widget's report names (absent from the platform's). */
  listing?: ListingContext | null;
  /** Where the visitor came from; the widget reports only with the visitor's agreement. */
  visitSource?: VisitSource | null;
  startedAt: string | null;
  endedAt: string | null;
  demo: boolean;
}

const ID = /^[A-Za-z0-9._:-]{1,200}$/;
const KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const ROLES: readonly StoredMessage['role'][] = ['assistant', 'user', 'sample-visitor'];
const LINE_MAX = 8000;
const MAX_LINES = 2000;

const SPEAKER: Record<StoredMessage['role'], string> = {
  assistant: 'Assistant',
  user: 'Visitor',
  'sample-visitor': 'Sample visitor',
  system: 'System',
  tool: 'Tool',
};

/** The transcript as plain text, one `Speaker: words` line per message. */
export function transcriptText(messages: readonly StoredMessage[]): string {
  return messages.map((m) => `${SPEAKER[m.role]}: ${m.text}`).join('\n');
}

/** A conversation id: the platform's call or chat id (letters, digits, `. _ : -`). */
export function conversationId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !ID.test(value)) {
    throw IngestError.field(field, 'must be the call or chat id');
  }
  return value;
}

/**
 * Checks the report the widget delivers when a consented conversation ends (`kind:
 * "conversation"`, docs/desk.md#ingest): its id, channel, duration, page, listing and source,
 * and its transcript only when it produced a capture. Lines keep their order; unknown roles and empty lines are dropped.
 */
export function parseConversationBody(body: Record<string, unknown>): {
  idempotencyKey: string;
  conversation: IncomingConversation;
} {
  if (typeof body.idempotencyKey !== 'string' || !KEY.test(body.idempotencyKey)) {
    throw IngestError.field('idempotencyKey', 'must be 1-128 letters, digits, or . _ : -');
  }
  const id = conversationId(body.conversationId, 'conversationId');
  // A conversation that produced no capture is reported without its transcript.
  const lines = body.messages ?? [];
  if (!Array.isArray(lines) || lines.length > MAX_LINES) {
    throw IngestError.field('messages', `must list at most ${MAX_LINES} { "role", "text" } lines`);
  }
  const messages: StoredMessage[] = [];
  for (const [index, line] of lines.entries()) {
    if (!isRecord(line) || typeof line.text !== 'string') {
      throw IngestError.field('messages', 'must hold { "role", "text" } objects');
    }
    refuseUnstorableText(line.text, `messages[${index}].text`);
    const role = ROLES.find((r) => r === line.role);
    const words = line.text.trim().slice(0, LINE_MAX);
    if (role === undefined || words === '') {
      continue;
    }
    const at = line.secondsFromStart;
    messages.push({
      role,
      text: words,
      ...(typeof at === 'number' && Number.isFinite(at) && at >= 0 && { secondsFromStart: at }),
    });
  }
  const duration = body.durationSeconds;
  if (
    duration !== undefined &&
    duration !== null &&
    (typeof duration !== 'number' || duration < 0)
  ) {
    throw IngestError.field('durationSeconds', 'must be a number of seconds');
  }
  const channel = body.channel === 'chat' ? 'chat' : 'call';
  const ended = typeof body.endedReason === 'string' ? body.endedReason.slice(0, 200) : null;
  const conversation: IncomingConversation = {
    id,
    source: 'widget',
    channel,
    transcript: messages.length === 0 ? null : transcriptText(messages),
    messages,
    summary: null,
    recordingUrl: null,
    durationSeconds: typeof duration === 'number' ? duration : null,
    endedReason: ended,
    pageUrl: pageUrl(body.pageUrl, 'pageUrl'),
    listing: body.listing == null ? null : parseListing(body.listing),
    visitSource: visitSource(body.visitSource),
    startedAt: body.startedAt == null ? null : instant(body.startedAt, 'startedAt'),
    endedAt: body.endedAt == null ? null : instant(body.endedAt, 'endedAt'),
    demo: body.demo === true,
  };
  refuseUnstorableText(conversation, '');
  return { idempotencyKey: body.idempotencyKey, conversation };
}
