import {
  LISTING_ATTRIBUTES,
  type ListingContext,
} from '../../widget/leads/page/listing-context.ts';
import { parseToolCalls } from '../../widget/leads/tool-calls.ts';
import type { StoredMessage } from '../storage/schema.ts';
import {
  captureFromToolCall,
  DESK_TOOLS,
  type DeskTool,
  type IncomingCapture,
  isRecord,
  isStorableDate,
  pageUrl,
  parseConsent,
  parseListing,
  type ToolCallCapture,
} from './capture-body.ts';
import { type IncomingConversation, transcriptText } from './conversation-body.ts';

/**
 * Pure readers of the platform's server messages (docs/desk.md#ingest): what a message says,
 * in the desk's own terms. Its captures are checked by `capture-body.ts`, as the widget's are.
 */

const ID = /^[A-Za-z0-9._:-]{1,200}$/;

/** The call (or chat) the message is about, when it names one. */
export function conversationOf(message: Record<string, unknown>): string | null {
  for (const holder of [message.call, message.chat]) {
    if (isRecord(holder) && typeof holder.id === 'string' && ID.test(holder.id)) {
      return holder.id;
    }
  }
  return null;
}

/** The variables the widget (or the phone number's assistant) gave the call. */
function variablesOf(message: Record<string, unknown>): Record<string, unknown> {
  const call = isRecord(message.call) ? message.call : {};
  const overrides = isRecord(call.assistantOverrides) ? call.assistantOverrides : {};
  const artifact = isRecord(message.artifact) ? message.artifact : {};
  return {
    ...(isRecord(artifact.variableValues) ? artifact.variableValues : {}),
    ...(isRecord(overrides.variableValues) ? overrides.variableValues : {}),
  };
}

/** The listing the call is about, from its listing variables (`listing_address`…). */
export function listingOf(message: Record<string, unknown>): ListingContext {
  const variables = variablesOf(message);
  return parseListing(
    Object.fromEntries(
      Object.entries(LISTING_ATTRIBUTES).map(([attribute, key]) => [
        key,
        variables[attribute.replace('-', '_')],
      ]),
    ),
  );
}

/** A value the platform passed on as it was given: kept when sound, left out otherwise. */
function orNull<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

function pageUrlOf(message: Record<string, unknown>): string | null {
  return orNull(() => pageUrl(variablesOf(message).page_url, 'page_url'));
}

/** The disclosure agreement the widget sent in the call's `metadata.consent`. */
function consentOf(message: Record<string, unknown>): IncomingCapture['consent'] {
  const call = isRecord(message.call) ? message.call : {};
  const consent = isRecord(call.metadata) ? call.metadata.consent : null;
  // The widget's record holds no text: the page's disclosure may have changed since.
  return isRecord(consent) ? orNull(() => parseConsent({ ...consent, text: null })) : null;
}

/** One lead tool call of a `tool-calls` message: a capture, or what to ask again. */
export type PlatformToolCall = { toolCallId: string; name: DeskTool } & (
  | ToolCallCapture
  | { badArguments: true }
);

function isDeskTool(name: string): name is DeskTool {
  return (DESK_TOOLS as readonly string[]).includes(name);
}

/**
 * Reads the `capture_lead` and `request_viewing` calls of a `tool-calls` message. Other tools
 * are not ours and are left out. `now` stands in for a message without a timestamp.
 */
export function readToolCalls(message: Record<string, unknown>, now: Date): PlatformToolCall[] {
  const at = typeof message.timestamp === 'number' ? new Date(message.timestamp) : now;
  const context = {
    conversationId: conversationOf(message),
    listing: listingOf(message),
    capturedAt: isStorableDate(at) ? at.toISOString() : now.toISOString(),
    consent: consentOf(message),
    pageUrl: pageUrlOf(message),
  };
  const calls = parseToolCalls({ ...message, type: 'tool-calls' }) ?? [];
  return calls.flatMap((call): PlatformToolCall[] => {
    const { name } = call;
    if (!isDeskTool(name)) {
      return [];
    }
    const base = { toolCallId: call.id, name };
    return call.arguments === null
      ? [{ ...base, badArguments: true }]
      : [{ ...base, ...captureFromToolCall(name, call.id, call.arguments, context) }];
  });
}

function role(value: unknown): StoredMessage['role'] | null {
  if (value === 'bot' || value === 'assistant') {
    return 'assistant';
  }
  return value === 'user' ? 'user' : null;
}

function seconds(start: unknown, end: unknown): number | null {
  const a = Date.parse(String(start));
  const b = Date.parse(String(end));
  return Number.isNaN(a) || Number.isNaN(b) || b < a ? null : Math.round((b - a) / 100) / 10;
}

function isoOrNull(value: unknown): string | null {
  const date = new Date(typeof value === 'string' ? value : Number.NaN);
  return isStorableDate(date) ? date.toISOString() : null;
}

/** The conversation an `end-of-call-report` describes, or `null` when it names no call. */
export function readEndOfCallReport(message: Record<string, unknown>): IncomingConversation | null {
  const id = conversationOf(message);
  if (id === null) {
    return null;
  }
  const artifact = isRecord(message.artifact) ? message.artifact : {};
  const analysis = isRecord(message.analysis) ? message.analysis : {};
  const messages: StoredMessage[] = (Array.isArray(artifact.messages) ? artifact.messages : [])
    .filter(isRecord)
    .flatMap((m) => {
      const who = role(m.role);
      const text = typeof m.message === 'string' ? m.message.trim() : '';
      if (who === null || text === '') {
        return [];
      }
      const at = typeof m.secondsFromStart === 'number' ? m.secondsFromStart : undefined;
      return [{ role: who, text, ...(at !== undefined && { secondsFromStart: at }) }];
    });
  const transcript =
    typeof artifact.transcript === 'string' ? artifact.transcript : transcriptText(messages);
  const recording = isRecord(artifact.recording) ? artifact.recording : {};
  const recordingUrl = [artifact.recordingUrl, recording.stereoUrl, recording.mono]
    .map((u) => (isRecord(u) ? u.combinedUrl : u))
    .find((u): u is string => typeof u === 'string' && /^https:\/\//.test(u));
  const call = isRecord(message.call) ? message.call : {};
  return {
    id,
    source: 'platform',
    channel: isRecord(message.chat) ? 'chat' : typeof call.type === 'string' ? call.type : 'call',
    transcript,
    messages,
    summary: typeof analysis.summary === 'string' ? analysis.summary : null,
    recordingUrl: recordingUrl ?? null,
    durationSeconds: seconds(message.startedAt, message.endedAt),
    endedReason: typeof message.endedReason === 'string' ? message.endedReason : null,
    pageUrl: pageUrlOf(message),
    startedAt: isoOrNull(message.startedAt),
    endedAt: isoOrNull(message.endedAt),
    demo: false,
  };
}
