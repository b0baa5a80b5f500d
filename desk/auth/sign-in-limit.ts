import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';

/** Failed sign-ins allowed per email, and per IP, within {@link SIGN_IN_WINDOW_MS}. */
export const SIGN_IN_MAX_FAILURES = 10;
/** The window failures are counted in, and how long a sign-in stays refused after the last. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

// Whether this email or IP is refused now: seconds left, or 0. A sign-in is refused for
// SIGN_IN_WINDOW_MS after any failure that was the tenth within the window before it.
async function blockedFor(
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

/** A sign-in attempt: refused for `blockedFor` seconds, or let through holding a reservation. */
export type SignInAttempt = { blockedFor: number } | { blockedFor: 0; reservation: number };

/**
 * Takes a place for one sign-in attempt, or says for how many seconds sign-ins for this email or
 * from this IP are refused. The place is a failure row written before the password is checked,
 * under transaction-scoped advisory locks on the email and the IP, so concurrent attempts are
 * counted one after another: the eleventh of 200 parallel guesses is refused, not checked.
 * Counted in the database, so the limit holds across desk processes. A right password gives the
 * place back with {@link releaseSignInAttempt}; a wrong one leaves it as the recorded failure.
 */
export async function reserveSignInAttempt(
  db: Kysely<DeskDatabase>,
  email: string,
  ip: string,
  now: Date,
): Promise<SignInAttempt> {
  return db.transaction().execute(async (tx) => {
    // Always the email's lock first, then the IP's: no two attempts wait on each other in a circle.
    await sql`select pg_advisory_xact_lock(hashtext(${`sign-in:email:${email}`}))`.execute(tx);
    await sql`select pg_advisory_xact_lock(hashtext(${`sign-in:ip:${ip}`}))`.execute(tx);
    const wait = await blockedFor(tx, email, ip, now);
    if (wait > 0) {
      return { blockedFor: wait };
    }
    const row = await tx
      .insertInto('login_failures')
      .values({ email, ip, at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { blockedFor: 0, reservation: row.id };
  });
}

/** Gives back the place of an attempt whose password was right: it is no failure. */
export async function releaseSignInAttempt(
  db: Kysely<DeskDatabase>,
  reservation: number,
): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', reservation).execute();
}

/** Forgets this email's and IP's failures older than a day (after a failed attempt). */
export async function forgetOldSignInFailures(
  db: Kysely<DeskDatabase>,
  email: string,
  ip: string,
  now: Date,
): Promise<void> {
  const old = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .where('at', '<', old)
    .execute();
}
