import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';

/** Failed sign-ins allowed per email, and per IP, within {@link SIGN_IN_WINDOW_MS}. */
export const SIGN_IN_MAX_FAILURES = 10;
/** The window failures are counted in, and how long a sign-in stays refused after the last. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Whether sign-ins for this email or from this IP are refused now, and for how many more
 * seconds: refused for {@link SIGN_IN_WINDOW_MS} after any failure that was the tenth within
 * the window before it. Counted in the database, so the limit holds across desk processes.
 */
export async function signInBlockedFor(
  db: Kysely<DeskDatabase>,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const windowSeconds = SIGN_IN_WINDOW_MS / 1000;
  const { rows } = await sql<{ at: Date | null }>`
    select max(f.at) as at from login_failures f
    where f.at > ${since} and f.at <= ${now}
      and (
        (f.email = ${email} and (select count(*) from login_failures g
          where g.email = ${email} and g.at <= f.at
            and g.at > f.at - ${windowSeconds} * interval '1 second') >= ${SIGN_IN_MAX_FAILURES})
        or
        (f.ip = ${ip} and (select count(*) from login_failures g
          where g.ip = ${ip} and g.at <= f.at
            and g.at > f.at - ${windowSeconds} * interval '1 second') >= ${SIGN_IN_MAX_FAILURES})
      )`.execute(db);
  const at = rows[0]?.at;
  if (!at) {
    return 0;
  }
  return Math.max(
    1,
    Math.ceil((new Date(at).getTime() + SIGN_IN_WINDOW_MS - now.getTime()) / 1000),
  );
}

/** Records a failed sign-in, and forgets this email's and IP's failures older than a day. */
export async function recordSignInFailure(
  db: Kysely<DeskDatabase>,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip, at: now }).execute();
  const old = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .where('at', '<', old)
    .execute();
}
