import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import type { Brokerage } from '../config/brokerage.ts';
import type { ClaimRow, Numbers, NumbersRow } from '../inbox/api-contract.ts';
import { demoHidden } from '../inbox/lead-scope.ts';
import { computeNumbers } from '../inbox/numbers.ts';
import { ensureNumbersRollup } from '../leads/numbers-rebuild.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { daysBefore, displayTime, inZone, startOfWeek } from '../time/brokerage-time.ts';

/** The most leads still `New` a report lists (the rest are counted). */
export const REPORT_MAX_NEW = 50;

/** The week a report covers: Monday 00:00 to the next Monday 00:00 in the brokerage's zone. */
export interface ReportWeek {
  /** The Monday that starts the week, `YYYY-MM-DD` (the scheduled job's period). */
  period: string;
  start: Date;
  end: Date;
}

/** A weekly report's content, for one brokerage. */
export interface WeeklyReport {
  week: ReportWeek;
  numbers: Numbers;
  newLeads: { id: string; name: string | null; listing: string | null; receivedAt: Date }[];
  newLeadsTotal: number;
}

/** The last whole week before `now`, in `timeZone`. */
export function lastWeek(now: Date, timeZone: string): ReportWeek {
  const end = startOfWeek(now, timeZone);
  const start = daysBefore(end, 7, timeZone);
  return { period: inZone(start, timeZone).toISODate() ?? '', start, end };
}

// The report reads as a broker: every lead, demo ones left out once real ones exist.
const BROKER: SessionUser = {
  sessionId: '',
  csrfToken: '',
  user: { id: '', email: '', name: 'weekly report', role: 'broker' },
};

/** Last week's numbers and the leads still `New` (any age), newest first. */
export async function collectWeeklyReport(
  db: Kysely<DeskDatabase>,
  now: Date,
  timeZone: string,
  claimMinutes: number,
): Promise<WeeklyReport> {
  const week = lastWeek(now, timeZone);
  // The CLI's `weekly-report` opens the database without starting the desk.
  await ensureNumbersRollup(db, timeZone, claimMinutes);
  const hideDemo = await demoHidden(db, BROKER, undefined);
  const numbers = await computeNumbers(db, {
    days: 7,
    now: week.end,
    hideDemo,
    session: BROKER,
    timeZone,
  });
  const rows = await db
    .selectFrom('captures as c')
    .innerJoin('people as p', 'p.id', 'c.person_id')
    .select([
      'c.id',
      'p.name',
      'c.received_at',
      sql<string | null>`coalesce(c.listing ->> 'address', c.listing ->> 'id')`.as('listing'),
      sql<number>`(count(*) over ())::int`.as('total'),
    ])
    .where('c.status', '=', 'New')
    .where(sql<boolean>`(${!hideDemo} or not c.demo)`)
    .orderBy('c.received_at', 'desc')
    .limit(REPORT_MAX_NEW)
    .execute();
  return {
    week,
    numbers,
    newLeads: rows.map((r) => ({
      id: r.id,
      name: r.name,
      listing: r.listing,
      receivedAt: r.received_at,
    })),
    newLeadsTotal: rows[0]?.total ?? 0,
  };
}

function seconds(value: number | null): string {
  if (value === null) {
    return '–';
  }
  const minutes = Math.round(value / 60);
  return minutes < 120 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}

function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

function minutesText(value: number | null): string {
  return value === null ? '–' : seconds(value * 60);
}

/** "Time to claim: 7 of 9 claimed, 6 within 5 min (67%), median 3 min, p90 12 min". */
function claimLine(label: string, row: ClaimRow, claimMinutes: number): string {
  return `${label}${row.claimed} of ${row.leads} claimed, ${row.claimedWithin} within ${claimMinutes} min (${percent(row.claimedWithinShare)}); median ${minutesText(row.medianMinutes)}, p90 ${minutesText(row.p90Minutes)}`;
}

function figureLines(row: NumbersRow, indent = ''): string[] {
  return [
    `${indent}Conversations: ${row.conversations} (${row.calls} calls, ${row.chats} chats)`,
    `${indent}New leads: ${row.newLeads} (${row.captures} captures); conversion ${percent(row.conversionRate)}`,
    `${indent}Viewings requested: ${row.viewingsRequested}`,
    `${indent}Speed to lead: median ${seconds(row.speedToLeadMedianSeconds)}, p90 ${seconds(row.speedToLeadP90Seconds)}`,
  ];
}

/** The report as a plain-text email body (pure). Names are text: plain text mail only. */
export function weeklyReportText(
  report: WeeklyReport,
  brokerage: Pick<Brokerage, 'brokerageName'>,
  timeZone: string,
  inboxUrl: string,
): string {
  const day = (d: Date) => inZone(d, timeZone).toFormat('ccc d LLL yyyy');
  const { week, numbers } = report;
  const lastDay = new Date(week.end.getTime() - 1);
  const lines = [
    `${brokerage.brokerageName}: the week of ${day(week.start)} to ${day(lastDay)}`,
    '',
    ...figureLines(numbers.total),
    claimLine('Time to claim: ', numbers.timeToClaim.total, numbers.timeToClaim.claimMinutes),
    '',
    'By agent:',
    ...(numbers.byAgent.length === 0
      ? ['  none']
      : numbers.byAgent.flatMap((r) => [`  ${r.key}`, ...figureLines(r, '    ')])),
    '',
    'Claimed, by agent:',
    ...(numbers.timeToClaim.byAgent.length === 0
      ? ['  none']
      : numbers.timeToClaim.byAgent.map((r) =>
          claimLine(`  ${r.key}: `, r, numbers.timeToClaim.claimMinutes),
        )),
    '',
    'By listing:',
    ...(numbers.byListing.length === 0
      ? ['  none']
      : numbers.byListing.map(
          (r) => `  ${r.key}: ${r.captures} captures, ${r.viewingsRequested} viewings`,
        )),
    '',
    'By source:',
    ...(numbers.bySource.length === 0
      ? ['  none']
      : numbers.bySource.map(
          (r) =>
            `  ${r.key}: ${r.conversations} conversations, ${r.newLeads} new leads, conversion ${percent(r.conversionRate)}`,
        )),
    '',
    `Leads still New: ${report.newLeadsTotal}`,
    ...report.newLeads.map(
      (l) =>
        `  ${displayTime(l.receivedAt, timeZone)}  ${l.name ?? '(no name)'}  ${l.listing ?? ''}  ${inboxUrl}/inbox/leads/${l.id}`,
    ),
    ...(report.newLeadsTotal > report.newLeads.length
      ? [`  …and ${report.newLeadsTotal - report.newLeads.length} more in the inbox`]
      : []),
    '',
    `Open the inbox: ${inboxUrl}/inbox/numbers`,
  ];
  return `${lines.join('\n')}\n`;
}
