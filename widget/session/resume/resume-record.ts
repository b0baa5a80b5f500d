import type { RoomPlan } from '../../call/web-call.ts';
import type { ListingContext } from '../../element/lead-details.ts';
import type { SavedLine, TranscriptLine } from '../transcript-merge.ts';
import { type LiveChatRecord, readChat } from './chat-record.ts';

/** `resume-seconds` when absent or not a number of 0 or more. */
export const RESUME_SECONDS_DEFAULT = 30;

export type { LiveChatRecord };

/** The room to rejoin: the web call's id, room URL and token (no personal data). */
export interface SavedRoom {
  id?: string;
  url: string;
  token?: string;
}

/**
 * What a live call leaves in `sessionStorage` for the next page of the tab
 * (docs/behaviour.md#resume). `lines` is null unless the visitor agreed to the disclosure: the
 * transcript is personal data and stays on the device only with that consent.
 */
export interface LiveCallRecord {
  kind: 'call';
  /** When the call may no longer resume (ms since the epoch): the page left plus `resume-seconds`. */
  until: number;
  room: SavedRoom;
  /** An offline demo call: the next page starts the demo's script where it was. */
  demo: boolean;
  /** How many of the assistant's lines the visitor heard (the demo's script resumes after them). */
  heardLines: number;
  lines: SavedLine[] | null;
}

/** A call or a typed chat waiting for the next page. */
export type LiveRecord = LiveCallRecord | LiveChatRecord;

/**
 * The record a call live in `room` leaves at `until`: the lines heard so far count for the
 * demo's script, and are kept themselves only with `keepLines` (the disclosure agreed).
 */
export function callRecord(
  room: RoomPlan,
  lines: readonly TranscriptLine[],
  leaving: { until: number; demo: boolean; keepLines: boolean },
): LiveCallRecord {
  return {
    kind: 'call',
    until: leaving.until,
    room: {
      url: room.url,
      ...(room.callId && { id: room.callId }),
      ...(room.token && { token: room.token }),
    },
    demo: leaving.demo,
    heardLines: lines.filter((line) => line.role === 'assistant' && line.final).length,
    lines: leaving.keepLines
      ? lines.filter((line) => line.final).map(({ role, text, at }) => ({ role, text, at }))
      : null,
  };
}

/** The `resume-seconds` attribute: whole seconds, 0 (off) or more; anything else is the default. */
export function resumeSeconds(raw: string | null): number {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : RESUME_SECONDS_DEFAULT;
}

const SPEAKERS: readonly unknown[] = ['assistant', 'user', 'sample-visitor'];

function isLine(value: unknown): value is SavedLine {
  const line = value as Partial<SavedLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    SPEAKERS.includes(line.role) &&
    typeof line.text === 'string' &&
    typeof line.at === 'number'
  );
}

/**
 * Reads the stored record, or null when there is none or it is not one (another version of
 * the widget, a hand edit): a record that cannot be read never resumes anything.
 */
export function readRecord(raw: string | null | undefined): LiveRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch {
    return null;
  }
  const lines = Array.isArray((value as Partial<LiveRecord> | null)?.lines)
    ? (value as { lines: unknown[] }).lines.filter(isLine)
    : null;
  if ((value as Partial<LiveChatRecord> | null)?.kind === 'chat') {
    return readChat(value as Partial<LiveChatRecord>, lines);
  }
  const record = value as Partial<LiveCallRecord> | null;
  const room = record?.room as Partial<SavedRoom> | undefined;
  if (
    record?.kind !== 'call' ||
    typeof record.until !== 'number' ||
    typeof room?.url !== 'string' ||
    typeof record.heardLines !== 'number'
  ) {
    return null;
  }
  return {
    kind: 'call',
    until: record.until,
    room: {
      url: room.url,
      ...(typeof room.id === 'string' && { id: room.id }),
      ...(typeof room.token === 'string' && { token: room.token }),
    },
    demo: record.demo === true,
    heardLines: record.heardLines,
    lines,
  };
}

/** Whether the conversation left in `record` may still resume at `now` on a page with `seconds`. */
export function mayResume(record: LiveRecord, now: number, seconds: number): boolean {
  return seconds > 0 && now <= record.until;
}

/**
 * The system note the assistant hears when the visitor's page changes: the listing's address
 * and price ("The visitor is now on 22 Oak Street, $615,000"), or the page's title without one.
 */
export function listingNote(listing: ListingContext, pageTitle: string): string {
  const said = [listing.address, listing.price].filter(Boolean).join(', ');
  const where = said || pageTitle.trim() || 'another page of the site';
  return `The visitor is now on ${where}`;
}
