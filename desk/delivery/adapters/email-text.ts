import type { DeliveryContext } from '../adapter.ts';
import type { ConversationUpdate } from '../conversation-update.ts';
import type { LeadRecord } from '../lead-record.ts';
import {
  absoluteTime,
  inboxLink,
  replaceControls,
  transcriptLines,
  viewingTimeLine,
} from './lead-text.ts';

/**
 * The agent's email as plain text. Nothing here is ever HTML: names, summaries and transcripts
 * come from visitors, and a text part cannot run a script or load a tracking image.
 */

/** Control characters (CR/LF above all) out of a value bound for a header. */
export function headerSafe(value: string): string {
  return replaceControls(value, ' ').replace(/\s+/g, ' ').trim();
}

/** `New viewing request: 14 Linden Court – Sam Rivera`, header-safe. */
export function emailSubject(lead: LeadRecord): string {
  const what = lead.kind === 'viewing-request' ? 'New viewing request' : 'New lead';
  const parts = [lead.listing.address, lead.person.name].filter((p): p is string => Boolean(p));
  const about = parts.length > 0 ? parts.join(' – ') : 'from the AI assistant';
  return headerSafe(`${lead.demo ? '[Demo] ' : ''}${what}: ${about}`);
}

function section(title: string, lines: readonly string[]): string[] {
  // Visitor text can hold line breaks of its own: every line is indented under its title.
  const indented = lines.flatMap((l) => l.split(/\r\n|\r|\n/)).map((l) => `  ${l}`);
  return lines.length === 0 ? [] : [title, ...indented, ''];
}

function labelled(pairs: readonly [string, string | null | undefined][]): string[] {
  return pairs.flatMap(([label, value]) => (value ? [`${label}: ${value}`] : []));
}

function fieldLines(fields: Record<string, unknown>): string[] {
  return Object.entries(fields).flatMap(([key, value]) => {
    if (value === null || value === undefined || value === '') {
      return [];
    }
    return [`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`];
  });
}

/** The consent evidence as one line: what was agreed, when (absolute, brokerage zone), which text. */
export function consentLine(lead: LeadRecord, timeZone: string): string {
  const { consentToContact, acceptedAt, version, text } = lead.consent;
  const parts = [`Consent to contact: ${consentToContact ? 'yes' : 'no'}`];
  const when = absoluteTime(acceptedAt, timeZone);
  if (when) {
    parts.push(`accepted ${when}`);
  }
  if (version) {
    parts.push(`consent text version ${version}`);
  }
  const quoted = text ? `: "${text}"` : '';
  return `${parts.join(', ')}${quoted}`;
}

/** The whole body (pure), sections left out when empty. */
export function emailText(lead: LeadRecord, context: DeliveryContext): string {
  const { person, listing } = lead;
  const heading =
    lead.kind === 'viewing-request'
      ? `A visitor asked to view ${listing.address ?? 'a home'}.`
      : `A visitor left their details with ${context.brokerageName}'s AI assistant.`;
  const channel = lead.source === 'platform' ? 'a voice call' : 'the website';
  const times = lead.viewingTimes.map((t) => `- ${viewingTimeLine(t, context.timeZone)}`);
  const transcript = transcriptLines(lead);
  const lines = [
    heading,
    `Captured on ${channel}, ${absoluteTime(lead.capturedAt, context.timeZone) ?? lead.capturedAt}.`,
    '',
    ...section(
      'Person',
      labelled([
        ['Name', person.name ?? '(not given)'],
        ['Phone', person.phone],
        ['Email', person.email],
      ]),
    ),
    ...section(
      'Listing',
      labelled([
        ['Address', listing.address],
        ['Price', listing.price],
        ['MLS / listing id', listing.id],
        ['Listing page', listing.url],
        ['Listing agent', listing.agentName],
        ['Page the visitor was on', lead.pageUrl],
      ]),
    ),
    ...section(`Requested times (${context.timeZone})`, times),
    ...section('Summary', lead.conversation?.summary ? [lead.conversation.summary] : []),
    ...section('Details', fieldLines(lead.fields)),
    ...section('Transcript', transcript),
    ...section('Consent', [consentLine(lead, context.timeZone)]),
    `Assigned to you: ${lead.assignedTo.reason}.`,
    '',
    `Open the lead in the inbox: ${inboxLink(context, lead)}`,
  ];
  if (lead.demo) {
    lines.unshift('This is a demo lead from the sample conversation, not a real visitor.', '');
  }
  return `${lines.join('\n')}\n`;
}

/** The reply's subject: the alert's, as the agent's mail program threads it. */
export function replySubject(alertSubject: string): string {
  return headerSafe(/^re:/i.test(alertSubject) ? alertSubject : `Re: ${alertSubject}`);
}

/** The body of the reply that follows the alert when the conversation ends (pure). */
export function replyText(update: ConversationUpdate, context: DeliveryContext): string {
  const { lead, viewingTimes } = update;
  const channel = lead.source === 'platform' ? 'call' : 'website conversation';
  const times = viewingTimes.map((t) => `- ${viewingTimeLine(t, context.timeZone)}`);
  const transcript = transcriptLines(lead);
  const lines = [
    `The ${channel} has ended. Here is how it went.`,
    '',
    ...section('Summary', lead.conversation.summary ? [lead.conversation.summary] : []),
    ...section(`Requested times (${context.timeZone})`, times),
    ...section('Transcript', transcript.length > 0 ? transcript : ['(no transcript)']),
    `Open the lead in the inbox: ${inboxLink(context, lead)}`,
  ];
  return `${lines.join('\n')}\n`;
}
