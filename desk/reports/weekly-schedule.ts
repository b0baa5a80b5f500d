import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { DeskEnv } from '../config/desk-env.ts';
import { createMailer, mailDirOf } from '../delivery/mailer.ts';
import type { NewJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import { type JobLane, JobWorker } from '../jobs/job-worker.ts';
import { type PeriodicSchedule, startPeriodicSchedule } from '../jobs/periodic-schedule.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { inZone } from '../time/brokerage-time.ts';
import { zoneNamed } from '../time/tz-zone.ts';
import { collectWeeklyReport, lastWeek, weeklyReportText } from './weekly-report.ts';

/** What sending needs: the database, the mail settings, the brokerage's name and zone. */
export interface ReportContext {
  db: Kysely<DeskDatabase>;
  env: Pick<DeskEnv, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  brokerageName: string;
  timeZone: string;
  /** The team's `claimMinutes`: the share of leads claimed within it. */
  claimMinutes: number;
}

/**
 * Emails last week's report to every active broker with a password (`npm run desk -- weekly-report`, and the Monday
 * job); resolves where each message went (none without a broker).
 */
export async function sendWeeklyReport(ctx: ReportContext, now: Date): Promise<string[]> {
  const brokers = await ctx.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('role', '=', 'broker')
    // Brokers with an inbox account (the report links into it), not deactivated ones.
    .where('active', '=', true)
    .where('password_hash', 'is not', null)
    .orderBy('email')
    .execute();
  if (brokers.length === 0) {
    return [];
  }
  const report = await collectWeeklyReport(ctx.db, now, ctx.timeZone, ctx.claimMinutes);
  const text = weeklyReportText(
    report,
    { brokerageName: ctx.brokerageName },
    ctx.timeZone,
    ctx.env.publicUrl,
  );
  const subject = `Weekly report: ${report.numbers.total.captures} captures, ${report.newLeadsTotal} leads still New`;
  const mailer = createMailer({ smtpUrl: ctx.env.smtpUrl, mailDir: mailDirOf(ctx.env) });
  const sent: string[] = [];
  try {
    for (const [i, b] of brokers.entries()) {
      const to = { name: b.name, address: b.email };
      const tag = `weekly-report-${report.week.period}-${i + 1}`;
      sent.push(await mailer.send({ from: ctx.env.mailFrom, to, subject, text }, tag));
    }
  } finally {
    mailer.close();
  }
  return sent;
}

/** When this week's report is due: Monday 08:00 in the brokerage's zone. */
export function dueAt(now: Date, timeZone: string): Date {
  return inZone(now, timeZone).startOf('week').set({ hour: 8 }).toJSDate();
}

/** The job that sends the report on the week starting `monday`, due the Monday after at 08:00. */
export function weeklyReportJob(monday: DateTime): NewJob {
  const period = monday.toISODate() ?? '';
  return {
    kind: 'weekly-report',
    key: `weekly-report:${period}`,
    payload: { period },
    runAt: monday.plus({ weeks: 1 }).set({ hour: 8 }).toJSDate(),
  };
}

/** Puts last week's report in the queue (once: its key is the week), due at {@link dueAt}. */
export async function scheduleWeeklyReport(
  db: Kysely<DeskDatabase>,
  now: Date,
  timeZone: string,
): Promise<void> {
  const monday = inZone(now, timeZone).startOf('week').minus({ weeks: 1 });
  await enqueue(db, weeklyReportJob(monday), { now });
}

/**
 * The queue's lane for the report: sends the week's report to every broker, and when it is done
 * (or dropped) queues the next week's. A week that is no longer last week (the desk was down
 * past the next Monday) is dropped as stale, as only the latest week is ever sent.
 */
export function weeklyReportLane(
  ctx: ReportContext,
  now: () => Date,
  onError: (error: unknown) => void = () => undefined,
): JobLane {
  const mondayOf = (period: unknown) =>
    DateTime.fromISO(String(period), { zone: zoneNamed(ctx.timeZone) });
  return {
    kind: 'weekly-report',
    async run(job) {
      if (lastWeek(now(), ctx.timeZone).period !== job.payload.period) {
        return { ok: false, retry: false, reason: 'a newer week is due' };
      }
      try {
        await sendWeeklyReport(ctx, now());
      } catch (error) {
        onError(error);
        throw error;
      }
      return { ok: true };
    },
    followUp: (job) => weeklyReportJob(mondayOf(job.payload.period).plus({ weeks: 1 })),
  };
}

/**
 * Sends this week's report if it is due (Monday 08:00 or later in the week) and no desk
 * process has taken it; resolves whether this call sent it.
 */
export async function runWeeklyReportIfDue(
  ctx: ReportContext,
  me: string,
  now: Date,
): Promise<boolean> {
  await scheduleWeeklyReport(ctx.db, now, ctx.timeZone);
  let sent = false;
  const worker = new JobWorker({
    db: ctx.db,
    id: me,
    lanes: [weeklyReportLane(ctx, () => now)],
    now: () => now,
    onAttempt: (event) => {
      sent ||= event.outcome === 'delivered';
    },
  });
  await worker.runOnce();
  return sent;
}

/** A running schedule; `stop` waits for a report being sent. */
export type ReportSchedule = PeriodicSchedule;

/** Queues this week's report and works the report's lane, looking once a minute. */
export function startWeeklyReportSchedule(
  ctx: ReportContext,
  now: () => Date,
  onError: (error: unknown) => void,
  everyMs = 60_000,
): ReportSchedule {
  return startPeriodicSchedule({
    db: ctx.db,
    lane: weeklyReportLane(ctx, now, onError),
    queueCurrent: () => scheduleWeeklyReport(ctx.db, now(), ctx.timeZone),
    now,
    onError,
    everyMs,
  });
}
