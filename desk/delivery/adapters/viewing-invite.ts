import { replaceControls } from './lead-text.ts';

/**
 * The calendar invite sent with a viewing request (RFC 5545 / iTIP RFC 5546), written by hand
 * rather than with the `ics` package: the text is short, and this way the escaping, the line
 * folding, the ORGANIZER/ATTENDEE parameters and a DTSTAMP that tests can fix are all in view.
 */

/** A viewing is booked for this long unless the agent changes it. */
export const VIEWING_MINUTES = 45;

/** A mailbox as the invite names it. */
export interface InviteMailbox {
  name?: string | null;
  email: string;
}

/** What one invite says. */
export interface ViewingInvite {
  /** Stable per delivery job, so a retried send updates the same event instead of adding one. */
  uid: string;
  /** The start as an ISO instant (any offset). */
  start: string;
  minutes?: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  organizer: InviteMailbox;
  attendee: InviteMailbox;
  /** DTSTAMP: when the invite was written. */
  now?: Date;
}

/** `20261128T220000Z`: a UTC DATE-TIME, so no VTIMEZONE is needed. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => replaceControls(line, ''))
    .join('\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

// A parameter value may not hold a DQUOTE or control characters at all (§3.1): quoted, minus those.
function paramValue(value: string): string {
  return `"${replaceControls(value, '').replaceAll('"', '')}"`;
}

// A mailto: URI must not carry a line break or a quote into the line.
function mailto(email: string): string {
  return `mailto:${email.replace(/[\s"<>]/g, '')}`;
}

/** Lines longer than 75 octets are folded (§3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) {
    return line;
  }
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function mailboxLine(property: string, mailbox: InviteMailbox, extra: string): string {
  const cn = mailbox.name ? `;CN=${paramValue(mailbox.name)}` : '';
  return `${property}${cn}${extra}:${mailto(mailbox.email)}`;
}

/**
 * A `METHOD:REQUEST` calendar with one VEVENT, times in UTC, lines joined with CRLF. One event
 * only: iTIP allows a single UID per message, so other requested times go in the description.
 */
export function viewingInviteText(invite: ViewingInvite): string {
  const start = new Date(invite.start);
  if (Number.isNaN(start.getTime())) {
    throw new RangeError('viewing invite: start is not a valid instant');
  }
  const end = new Date(start.getTime() + (invite.minutes ?? VIEWING_MINUTES) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hearthline//Desk//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${escapeText(invite.uid)}`,
    `DTSTAMP:${icsUtc(invite.now ?? new Date())}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    'SEQUENCE:0',
    // The visitor asked for this time; nobody has confirmed it yet.
    'STATUS:TENTATIVE',
    `SUMMARY:${escapeText(invite.summary)}`,
  ];
  if (invite.location) {
    lines.push(`LOCATION:${escapeText(invite.location)}`);
  }
  if (invite.description) {
    lines.push(`DESCRIPTION:${escapeText(invite.description)}`);
  }
  lines.push(
    mailboxLine('ORGANIZER', invite.organizer, ''),
    mailboxLine(
      'ATTENDEE',
      invite.attendee,
      ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE',
    ),
    'END:VEVENT',
    'END:VCALENDAR',
  );
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
