import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeskEnv } from '../config/desk-env.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { inZone } from '../time/brokerage-time.ts';
import { sendDeskMail } from './report-mail.ts';
import { collectWeeklyReport, lastWeek, weeklyReportText } from './weekly-report.ts';

/** The scheduled job's name in `scheduled_jobs`. */
export const WEEKLY_REPORT_JOB = 'weekly-report';
/** A claim not finished after this long (its process died) may be taken by another. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;

/** What sending needs: the database, the mail settings, the brokerage's name and zone. */
export interface ReportContext {
  db: Kysely<DeskDatabase>;
  env: Pick<DeskEnv, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'publicUrl'>;
  brokerageName: string;
  timeZone: string;
}

/**
 * Emails last week's report to every broker (`npm run desk -- weekly-report`, and the Monday
 * schedule); resolves where each message went (none without a broker).
 */
export async function sendWeeklyReport(ctx: ReportContext, now: Date): Promise<string[]> {
  const brokers = await ctx.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('role', '=', 'broker')
    .orderBy('email')
    .execute();
  if (brokers.length === 0) {
    return [];
  }
  const report = await collectWeeklyReport(ctx.db, now, ctx.timeZone);
  const text = weeklyReportText(
    report,
    { brokerageName: ctx.brokerageName },
    ctx.timeZone,
    ctx.env.publicUrl,
  );
  const subject = `Weekly report: ${report.numbers.total.captures} captures, ${report.newLeadsTotal} leads still New`;
  return sendDeskMail(
    ctx.env,
    brokers.map((b) => ({ to: { name: b.name, address: b.email }, subject, text })),
    `weekly-report-${report.week.period}`,
  );
}

/** When this week's report is due: Monday 08:00 in the brokerage's zone. */
export function dueAt(now: Date, timeZone: string): Date {
  return inZone(now, timeZone).startOf('week').set({ hour: 8 }).toJSDate();
}

/**
 * Claims this week's report for `me` in the database (one row per week: a second desk process
 * finds it taken), or takes over a claim left unfinished past its lease. Resolves whether `me`
 * sends it.
 */
export async function claimWeek(
  db: Kysely<DeskDatabase>,
  period: string,
  me: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('scheduled_jobs')
    .values({ name: WEEKLY_REPORT_JOB, period, claimed_by: me, claimed_at: now })
    .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
    .returning('period')
    .executeTakeFirst();
  if (inserted) {
    return true;
  }
  const taken = await db
    .updateTable('scheduled_jobs')
    .set({ claimed_by: me, claimed_at: now })
    .where('name', '=', WEEKLY_REPORT_JOB)
    .where('period', '=', period)
    .where('finished_at', 'is', null)
    .where('claimed_at', '<', new Date(now.getTime() - CLAIM_LEASE_MS))
    .returning('period')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Sends this week's report if it is due (Monday 08:00 or later in the week) and no desk
 * process has claimed it; resolves whether this call sent it.
 */
export async function runWeeklyReportIfDue(
  ctx: ReportContext,
  me: string,
  now: Date,
): Promise<boolean> {
  if (now < dueAt(now, ctx.timeZone)) {
    return false;
  }
  const { period } = lastWeek(now, ctx.timeZone);
  if (!(await claimWeek(ctx.db, period, me, now))) {
    return false;
  }
  await sendWeeklyReport(ctx, now);
  await ctx.db
    .updateTable('scheduled_jobs')
    .set({ finished_at: now })
    .where('name', '=', WEEKLY_REPORT_JOB)
    .where('period', '=', period)
    .where('claimed_by', '=', me)
    .execute();
  return true;
}

/** A running schedule; `stop` waits for a report being sent. */
export interface ReportSchedule {
  stop(): Promise<void>;
}

/** Checks once a minute whether the weekly report is due (the desk's own Monday send). */
export function startWeeklyReportSchedule(
  ctx: ReportContext,
  now: () => Date,
  onError: (error: unknown) => void,
  everyMs = 60_000,
): ReportSchedule {
  const me = randomUUID();
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runWeeklyReportIfDue(ctx, me, now()).catch(onError);
  };
  const first = setTimeout(tick, Math.min(everyMs, 5_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
