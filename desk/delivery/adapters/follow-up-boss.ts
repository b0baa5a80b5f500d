import type { DeskEnv } from '../../config/desk-env.ts';
import type { AttemptOutcome } from '../../jobs/retry-policy.ts';
import type { DeliveryAdapter, DeliveryAttempt, DeliveryContext } from '../adapter.ts';
import type { ConversationUpdate } from '../conversation-update.ts';
import { outcomeOfNetworkError, outcomeOfStatus } from '../http-outcome.ts';
import type { LeadRecord } from '../lead-record.ts';
import {
  inboxLink,
  parsePrice,
  scrub,
  sourceLabel,
  splitName,
  viewingTimeLine,
} from './lead-text.ts';

/** Follow Up Boss's settings, as {@link DeskEnv} reads them. */
export type FollowUpBossSettings = NonNullable<DeskEnv['fub']>;

/** A try that gets no answer in this long is a network error, and retried. */
export const FOLLOW_UP_BOSS_TIMEOUT_MS = 15_000;

/** The `system` label when no registered integration name is configured. */
const DEFAULT_SYSTEM = 'Hearthline Desk';

/** The reason stored for a 204: the CRM took the request and threw it away. */
export const FUB_ARCHIVED_REASON =
  'Follow Up Boss answered 204: the lead source is archived and the event was dropped';

/** The body of `POST /v1/events` (https://docs.followupboss.com/reference/events-post). */
export interface FollowUpBossEvent {
  source: string;
  system: string;
  type: 'Property Inquiry' | 'General Inquiry';
  message: string;
  description: string;
  person: {
    firstName?: string;
    lastName?: string;
    emails: { value: string; type: string }[];
    phones: { value: string; type: string }[];
    tags: string[];
    sourceUrl?: string;
    /** The assigned agent's name, as the CRM knows its users: the inbox and the CRM agree. */
    assignedTo?: string;
  };
  property?: { street?: string; price?: number; mlsNumber?: string; url?: string };
}

function hasListing(lead: LeadRecord): boolean {
  const { address, id, url } = lead.listing;
  return Boolean(address || id || url);
}

// The note an agent reads first in the CRM: what was asked, when, and where the full record is.
function message(lead: LeadRecord, context: DeliveryContext): string {
  const lines: string[] = [];
  const summary = lead.conversation?.summary;
  if (summary) {
    lines.push(summary, '');
  }
  if (lead.viewingTimes.length > 0) {
    lines.push('Requested viewing times:');
    for (const time of lead.viewingTimes) {
      lines.push(`- ${viewingTimeLine(time, context.timeZone)}`);
    }
    lines.push('');
  }
  if (lead.listing.price && parsePrice(lead.listing.price) === undefined) {
    lines.push(`Listed price: ${lead.listing.price}`, '');
  }
  lines.push(`Full conversation and details: ${inboxLink(context, lead)}`);
  return lines.join('\n');
}

function description(lead: LeadRecord, context: DeliveryContext): string {
  const what = lead.kind === 'viewing-request' ? 'Viewing request' : 'Lead';
  const channel = lead.source === 'platform' ? 'a voice call' : 'the website';
  const about = lead.listing.address ? ` about ${lead.listing.address}` : '';
  return `${what}${about}, captured by ${context.brokerageName}'s AI assistant on ${channel}.`;
}

/** The Follow Up Boss tag of a person who asked not to be contacted. */
export const DO_NOT_CONTACT_TAG = 'Do Not Contact';

/** The event for one lead (pure): the shape the stand-in checks, exported for tests. */
export function followUpBossEvent(
  lead: LeadRecord,
  context: DeliveryContext,
  system: string | null,
): FollowUpBossEvent {
  const tags = ['AI assistant'];
  if (lead.kind === 'viewing-request') {
    tags.push('Viewing request');
  }
  if (lead.demo) {
    tags.push('Demo');
  }
  // The visitor asked not to be contacted (capture_lead's doNotContact): the CRM keeps the
  // person, and its own automations see the tag (issue 28 §4).
  if (lead.fields.doNotContact === true) {
    tags.push(DO_NOT_CONTACT_TAG);
  }
  const sourceUrl = lead.pageUrl ?? lead.listing.url;
  const event: FollowUpBossEvent = {
    source: sourceLabel(lead, context.brokerageName),
    system: system ?? DEFAULT_SYSTEM,
    type: hasListing(lead) ? 'Property Inquiry' : 'General Inquiry',
    message: message(lead, context),
    description: description(lead, context),
    person: {
      ...splitName(lead.person.name),
      emails: lead.person.email ? [{ value: lead.person.email, type: 'home' }] : [],
      phones: lead.person.phone ? [{ value: lead.person.phone, type: 'mobile' }] : [],
      tags,
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(lead.assignedTo.name ? { assignedTo: lead.assignedTo.name } : {}),
    },
  };
  if (event.type === 'Property Inquiry') {
    const { address, price, id, url } = lead.listing;
    const amount = parsePrice(price);
    event.property = {
      ...(address ? { street: address } : {}),
      ...(amount === undefined ? {} : { price: amount }),
      ...(id ? { mlsNumber: id } : {}),
      ...(url ? { url } : {}),
    };
  }
  return event;
}

/** The body of `POST /v1/notes` (https://docs.followupboss.com/reference/notes-post). */
export interface FollowUpBossNote {
  personId: number | string;
  subject: string;
  body: string;
  isHtml: false;
}

/**
 * The note that follows the event when the conversation ends (pure): the summary, the times
 * asked for, and where the whole conversation is, on the person the event created.
 */
export function followUpBossNote(
  update: ConversationUpdate,
  personId: number | string,
  context: DeliveryContext,
): FollowUpBossNote {
  const { lead, viewingTimes } = update;
  const channel = lead.source === 'platform' ? 'call' : 'website conversation';
  const lines: string[] = [];
  if (lead.conversation.summary) {
    lines.push(lead.conversation.summary, '');
  }
  if (viewingTimes.length > 0) {
    lines.push('Requested viewing times:');
    for (const time of viewingTimes) {
      lines.push(`- ${viewingTimeLine(time, context.timeZone)}`);
    }
    lines.push('');
  }
  lines.push(`Conversation and transcript: ${inboxLink(context, lead)}`);
  return {
    personId,
    subject: `The ${channel} with ${context.brokerageName}'s AI assistant has ended`,
    body: lines.join('\n'),
    isHtml: false,
  };
}

/** The person id in the event's answer (the person created or matched), if it has one. */
function personIdOf(text: string): number | string | null {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'number' || (typeof id === 'string' && id !== '') ? id : null;
  } catch {
    return null;
  }
}

// Follow Up Boss errors are `{ "errorMessage": "…" }`; anything else is read as text.
function errorDetail(text: string): string {
  try {
    const parsed = JSON.parse(text) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : text;
  } catch {
    return text;
  }
}

/**
 * Sends each lead to Follow Up Boss as an event (`POST {baseUrl}/v1/events`), which creates or
 * updates the person (deduplicated by email or phone) and starts the brokerage's action plans;
 * the person's id in the answer is kept, so the conversation follows as a note on that person
 * (`POST {baseUrl}/v1/notes`) rather than as a second event.
 */
export function createFollowUpBossAdapter(
  settings: FollowUpBossSettings,
  context: DeliveryContext,
  fetchImpl: typeof fetch = fetch,
): DeliveryAdapter {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (settings.system) {
    headers['x-system'] = settings.system;
  }
  if (settings.systemKey) {
    headers['x-system-key'] = settings.systemKey;
  }
  const secrets = [settings.apiKey, settings.systemKey ?? ''];
  async function post(path: string, body: unknown): Promise<{ status: number; text: string }> {
    const response = await fetchImpl(`${settings.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FOLLOW_UP_BOSS_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  }
  return {
    name: 'follow-up-boss',
    timeoutMs: FOLLOW_UP_BOSS_TIMEOUT_MS,
    async deliver(lead: LeadRecord, _attempt: DeliveryAttempt): Promise<AttemptOutcome> {
      try {
        const { status, text } = await post(
          '/v1/events',
          followUpBossEvent(lead, context, settings.system),
        );
        // A 204 is a 2xx, but nothing was stored: retrying cannot help until the source is
        // restored in the CRM, so the job is dead with a reason the broker can act on.
        if (status === 204) {
          return { ok: false, retry: false, reason: FUB_ARCHIVED_REASON };
        }
        const outcome = outcomeOfStatus(status, scrub(errorDetail(text), lead, secrets));
        const personId = outcome.ok ? personIdOf(text) : null;
        return personId === null ? outcome : { ok: true, result: { personId } };
      } catch (error) {
        return outcomeOfNetworkError(error);
      }
    },
    async followUp(update: ConversationUpdate, _attempt: DeliveryAttempt) {
      const personId = update.alert.personId;
      if (typeof personId !== 'number' && typeof personId !== 'string') {
        return {
          ok: false,
          retry: false,
          reason: "no note: Follow Up Boss's answer to the event named no person",
        };
      }
      try {
        const { status, text } = await post(
          '/v1/notes',
          followUpBossNote(update, personId, context),
        );
        return outcomeOfStatus(status, scrub(errorDetail(text), update.lead, secrets));
      } catch (error) {
        return outcomeOfNetworkError(error);
      }
    },
  };
}
