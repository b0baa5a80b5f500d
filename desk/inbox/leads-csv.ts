import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { shownText } from '../delivery/shown-times.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import { filtered, type LeadFilters, LISTING_KEY, scoped } from './lead-scope.ts';
import { nextViewing } from './leads-list.ts';

/** The export's columns, in order. */
export const CSV_COLUMNS = [
  'id',
  'received_at',
  'kind',
  'status',
  'name',
  'phone',
  'email',
  'listing',
  'agent',
  'agent_email',
  'next_viewing',
  'page_url',
  'demo',
  // The two times again as the inbox and the email write them, in the brokerage's zone: after
  // the columns a spreadsheet already reads by position.
  'received_at_text',
  'next_viewing_text',
] as const;

/** The most rows one export holds. */
export const CSV_MAX_ROWS = 100_000;

/**
 * One CSV cell (RFC 4180 quoting). A value a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is prefixed with a quote mark, so it shows as text.
 */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows of the export, the filtered list's leads newest first, in pages of 1000, times also as
 * display text in `timeZone` (the brokerage's).
 */
export async function* leadsCsv(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  filters: LeadFilters,
  hideDemo: boolean,
  now: Date,
  timeZone: string,
): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after: { at: string; id: string } | null = null;
  let written = 0;
  while (written < CSV_MAX_ROWS) {
    let query = filtered(
      scoped(
        db
          .selectFrom('captures as c')
          .innerJoin('people as p', 'p.id', 'c.person_id')
          .select([
            'c.id',
            'c.received_at',
            'c.kind',
            'c.status',
            'p.name',
            'p.phone',
            'p.email',
            LISTING_KEY.as('listing'),
            'c.assigned_name',
            'c.assigned_email',
            'c.viewing_times',
            'c.page_url',
            'c.demo',
            sql<string>`to_char(c.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
              'at',
            ),
          ]),
        session,
      ),
      filters,
      hideDemo,
    );
    if (after) {
      query = query.where(
        sql<boolean>`(c.received_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await query
      .orderBy('c.received_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1000)
      .execute();
    for (const r of rows) {
      const next = nextViewing(r.viewing_times, now);
      const cells = [
        r.id,
        r.received_at.toISOString(),
        r.kind,
        r.status,
        r.name,
        r.phone,
        r.email,
        r.listing,
        r.assigned_name,
        r.assigned_email,
        next,
        r.page_url,
        r.demo,
        displayTime(r.received_at, timeZone),
        shownText(next, timeZone),
      ];
      yield `${cells.map(csvCell).join(',')}\r\n`;
    }
    written += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < 1000) {
      return;
    }
    after = { at: last.at, id: last.id };
  }
}
