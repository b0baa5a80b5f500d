import { checkLeadArguments, checkViewingArguments } from '../../widget/leads/lead-fields.ts';
import {
  LISTING_ATTRIBUTES,
  type ListingContext,
} from '../../widget/leads/page/listing-context.ts';
import { parseToolCalls } from '../../widget/leads/tool-calls.ts';
import type { StoredMessage } from '../storage/schema.ts';
import type { IncomingCapture } from './capture-body.ts';
import { type IncomingConversation, transcriptText } from './conversation-body.ts';

/**
 * Pure readers of the platform's server messages (docs/desk.md#ingest): what a message says,
 * in the desk's own terms. The HTTP route stores and answers.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  const listing: Record<string, string> = {};
  for (const [attribute, key] of Object.entries(LISTING_ATTRIBUTES)) {
    const value = variables[attribute.replace('-', '_')];
    if (typeof value === 'string' && value.trim() !== '') {
      listing[key] = value.trim().slice(0, 500);
    }
  }
  return listing;
}

function pageUrlOf(message: Record<string, unknown>): string | null {
  const url = variablesOf(message).page_url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) && url.length <= 2048 ? url : null;
}

/** The disclosure agreement the widget sent in the call's `metadata.consent`. */
function consentOf(message: Record<string, unknown>): IncomingCapture['consent'] {
  const call = isRecord(message.call) ? message.call : {};
  const consent = isRecord(call.metadata) ? call.metadata.consent : null;
  if (!isRecord(consent) || typeof consent.version !== 'string') {
    return null;
  }
  const accepted = new Date(String(consent.acceptedAt));
  if (Number.isNaN(accepted.getTime())) {
    return null;
  }
  return { version: consent.version.slice(0, 128), text: null, acceptedAt: accepted.toISOString() };
}

/** One lead tool call of a `tool-calls` message: a capture, or what to ask again. */
export type PlatformToolCall =
  | { toolCallId: string; name: string; capture: IncomingCapture }
  | { toolCallId: string; name: string; askAgain: readonly string[] }
  | { toolCallId: string; name: string; badArguments: true };

/** The lead tools the desk answers for the platform. */
export const DESK_TOOLS = ['capture_lead', 'request_viewing'] as const;

/**
 * Reads the `capture_lead` and `request_viewing` calls of a `tool-calls` message with the same
 * checks the widget uses (`widget/leads/lead-fields.ts`). Other tools are not ours and are
 * left out. `now` stands in for a message without a timestamp.
 */
export function readToolCalls(message: Record<string, unknown>, now: Date): PlatformToolCall[] {
  const conversationId = conversationOf(message);
  const listing = listingOf(message);
  const at = typeof message.timestamp === 'number' ? new Date(message.timestamp) : now;
  const capturedAt = Number.isNaN(at.getTime()) ? now.toISOString() : at.toISOString();
  const calls = parseToolCalls({ ...message, type: 'tool-calls' }) ?? [];
  return calls
    .filter((call) => (DESK_TOOLS as readonly string[]).includes(call.name))
    .map((call): PlatformToolCall => {
      const base = { toolCallId: call.id, name: call.name };
      if (call.arguments === null) {
        return { ...base, badArguments: true };
      }
      const lead = call.name === 'capture_lead';
      const checked = lead
        ? checkLeadArguments(call.arguments)
        : checkViewingArguments(call.arguments, listing.address ?? listing.id ?? listing.url);
      if (!checked.ok) {
        return { ...base, askAgain: checked.askAgain };
      }
      const key = `platform:${conversationId ?? 'none'}:${call.id}`.slice(0, 128);
      return {
        ...base,
        capture: {
          kind: lead ? 'lead' : 'viewing-request',
          idempotencyKey: key.replace(/[^A-Za-z0-9._:-]/g, '_'),
          conversationId,
          toolCallId: ID.test(call.id) ? call.id : null,
          capturedAt,
          listing,
          fields: checked.fields,
          consent: consentOf(message),
          pageUrl: pageUrlOf(message),
          demo: false,
        },
      };
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
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
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
