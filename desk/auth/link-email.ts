import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Brokerage } from '../config/brokerage.ts';
import type { DeskEnv } from '../config/desk-env.ts';
import { sendTry } from '../delivery/adapters/email.ts';
import { createMailer, mailDirOf } from '../delivery/mailer.ts';
import type { NewJob } from '../jobs/job-kinds.ts';
import { enqueue } from '../jobs/job-queue.ts';
import type { JobLane } from '../jobs/job-worker.ts';
import type { AttemptOutcome } from '../jobs/retry-policy.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { linkMessage, linkPath } from './link-email-text.ts';
import type { AuthDb } from './sessions.ts';
import { issueUserToken, type TokenPurpose } from './user-tokens.ts';

/**
 * The invite or reset link's email, as a job of the one queue (docs/desk.md#jobs). The job names
 * the user, the link's purpose and the origin its link names, never the token: the lane mints
 * the token when it sends, so the jobs table holds no secret, and a retry mints a new one (which
 * spends the one before, as any new link does).
 */

/** What the lane reads from a job's payload. */
interface LinkEmailPayload {
  userId: string;
  purpose: TokenPurpose;
  /** The origin the link names (DESK_PUBLIC_URL's, or the request's; docs/inbox.md#team-inboxteam). */
  origin: string;
}

function payloadOf(value: Record<string, unknown>): LinkEmailPayload | null {
  const { userId, purpose, origin } = value;
  return typeof userId === 'string' &&
    (purpose === 'invite' || purpose === 'reset') &&
    typeof origin === 'string'
    ? { userId, purpose, origin }
    : null;
}

/**
 * Queues a link's email in the caller's transaction. `key` tells one request from another: a
 * broker's each click by default, or "Forgot password?"'s minute, so a flood of asks sends one.
 * Resolves whether it was queued (false for a key already in the queue).
 */
export async function queueLinkEmail(
  db: AuthDb,
  link: LinkEmailPayload & { key?: string },
  now: Date,
): Promise<boolean> {
  const { userId, purpose, origin } = link;
  const job: NewJob = {
    kind: 'link-email',
    key: `link-email:${purpose}:${userId}:${link.key ?? randomUUID()}`,
    payload: { userId, purpose, origin },
  };
  return (await enqueue(db, job, { now })) > 0;
}

/** What sending needs: the database, the mail settings, the brokerage's name, the desk's clock. */
export interface LinkEmailContext {
  db: Kysely<DeskDatabase>;
  env: Pick<DeskEnv, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  brokerage: Pick<Brokerage, 'brokerageName'>;
  /** The desk's clock (a test's), for the link's 24 hours. */
  now?: (() => Date) | undefined;
}

/**
 * The queue's lane for link emails: to a user still active, a fresh link through the one mailer
 * (an `.eml` file tagged `invite` or `reset` without SMTP_URL). A deactivated or removed user
 * gets none, and the job is dead.
 */
export function linkEmailLane(ctx: LinkEmailContext): JobLane {
  return {
    kind: 'link-email',
    async run(job): Promise<AttemptOutcome> {
      const link = payloadOf(job.payload);
      if (link === null) {
        return { ok: false, retry: false, reason: 'not a link email job' };
      }
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('id', '=', link.userId)
        .where('active', '=', true)
        .executeTakeFirst();
      if (!user) {
        return { ok: false, retry: false, reason: 'the user is deactivated or gone' };
      }
      const now = ctx.now?.() ?? new Date();
      const token = await ctx.db
        .transaction()
        .execute((trx) => issueUserToken(trx, user.id, link.purpose, now));
      const url = `${link.origin}${linkPath(link.purpose, token)}`;
      const message = linkMessage(link.purpose, user, url, ctx.brokerage.brokerageName);
      const { env } = ctx;
      const mailer = createMailer({ smtpUrl: env.smtpUrl, mailDir: mailDirOf(env) });
      try {
        const to = { name: user.name, address: user.email };
        const tried = await sendTry(mailer, { from: env.mailFrom, to, ...message }, link.purpose);
        return tried.ok ? { ok: true } : tried;
      } finally {
        mailer.close();
      }
    },
  };
}

/** Where a member's last link email stands, for the broker's team page. */
export interface LinkEmailState {
  purpose: TokenPurpose;
  /** `sending`: not tried yet; `retrying`: a try failed and another is due; `failed`: given up. */
  state: 'sending' | 'retrying' | 'sent' | 'failed';
}

/**
 * Each user's latest link email (by when it was asked), so a broker who clicked Invite sees
 * whether it went out: the click answers before the queue sends it.
 */
export async function lastLinkEmails(db: AuthDb): Promise<Map<string, LinkEmailState>> {
  const { rows } = await sql<{
    user_id: string;
    purpose: string;
    status: string;
    attempts: number;
  }>`
    select distinct on (payload->>'userId') payload->>'userId' as user_id,
      payload->>'purpose' as purpose, status, attempts
    from jobs where kind = 'link-email'
    order by payload->>'userId', created_at desc, id desc`.execute(db);
  const states = new Map<string, LinkEmailState>();
  for (const row of rows) {
    const purpose = row.purpose === 'reset' ? 'reset' : 'invite';
    const state =
      row.status === 'delivered'
        ? 'sent'
        : row.status === 'dead'
          ? 'failed'
          : Number(row.attempts) > 0
            ? 'retrying'
            : 'sending';
    states.set(row.user_id, { purpose, state });
  }
  return states;
}
