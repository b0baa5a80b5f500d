import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { shownText } from '../delivery/shown-times.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { displayTime } from '../time/brokerage-time.ts';
import { filtered, type LeadFilters, scoped } from './lead-scope.ts';
import { captureSummaries, nextViewing } from './leads-list.ts';

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
  // One line per lead (issue 26 §2): how many captures it holds and its latest activity.
  'captures',
  'last_activity_at',
  'last_activity_at_text',
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
 * Rows of the export, one per lead, the filtered list's leads in its order (latest activity
 * first), in pages of 1000, times also as display text in `timeZone` (the brokerage's). `id` is
 * the lead's, `received_at` its first capture's, `kind` and `listing` every kind and listing of
 * its captures, newest first, joined by "; ".
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
          .selectFrom('leads as l')
          .innerJoin('people as p', 'p.id', 'l.person_id')
          .select([
            'l.id',
            'l.created_at',
            'l.last_activity_at',
            'l.status',
            'p.name',
            'p.phone',
            'p.email',
            'l.assigned_name',
            'l.assigned_email',
            'l.demo',
            sql<string | null>`(select c.page_url from captures c where c.lead_id = l.id
              order by c.received_at desc, c.id desc limit 1)`.as('page_url'),
            sql<string>`to_char(l.last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
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
        sql<boolean>`(l.last_activity_at, l.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await query
      .orderBy('l.last_activity_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(1000)
      .execute();
    const summaries = await captureSummaries(
      db,
      rows.map((r) => r.id),
    );
    for (const r of rows) {
      const summary = summaries.get(r.id);
      const next = nextViewing(summary?.viewingTimes ?? [], now);
      const cells = [
        r.id,
        r.created_at.toISOString(),
        summary?.kinds.join('; ') ?? '',
        r.status,
        r.name,
        r.phone,
        r.email,
        summary?.listings.join('; ') ?? '',
        r.assigned_name,
        r.assigned_email,
        next,
        r.page_url,
        r.demo,
        displayTime(r.created_at, timeZone),
        shownText(next, timeZone),
        summary?.count ?? 0,
        r.last_activity_at.toISOString(),
        displayTime(r.last_activity_at, timeZone),
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
