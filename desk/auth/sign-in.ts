import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import { createSession, type SessionUser } from './sessions.ts';
import {
  forgetOldSignInFailures,
  releaseSignInAttempt,
  reserveSignInAttempt,
} from './sign-in-limit.ts';

/** What a sign-in attempt came to. */
export type SignInOutcome =
  /** Too many failures for this email or IP: refused unchecked for this many more seconds. */
  | { kind: 'blocked'; waitSeconds: number }
  /** The email is unknown or the password wrong (the same outcome, on purpose). */
  | { kind: 'refused' }
  /** A new session: its cookie token (shown to no one else) and who it signs in. */
  | { kind: 'signed-in'; token: string; session: SessionUser };

/**
 * Checks an email and password (docs/inbox.md): first the failure limit for the email and the
 * IP, which takes this attempt's place before anything is checked (so parallel guesses are
 * counted one by one), then the user (emails are stored lower-case) and the password hash. A
 * failure keeps its place as the recorded failure; a success gives it back and starts a session.
 */
export async function signIn(
  db: Kysely<DeskDatabase>,
  attempt: { email: string; password: string; ip: string },
  now: Date,
): Promise<SignInOutcome> {
  const key = attempt.email.toLowerCase();
  const place = await reserveSignInAttempt(db, key, attempt.ip, now);
  if (!('reservation' in place)) {
    return { kind: 'blocked', waitSeconds: place.blockedFor };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'password_hash'])
    .where('email', '=', key)
    .where('active', '=', true)
    .executeTakeFirst();
  // An unknown email, a deactivated user and one who never set a password cost the same hash
  // as a wrong password, and get the same words.
  const ok =
    user && user.password_hash !== null
      ? await verifyPassword(attempt.password, user.password_hash)
      : await verifyDummyPassword(attempt.password);
  if (!user || !ok) {
    await forgetOldSignInFailures(db, key, attempt.ip, now);
    return { kind: 'refused' };
  }
  await releaseSignInAttempt(db, place.reservation);
  const { token, csrfToken } = await createSession(db, user.id, now);
  return {
    kind: 'signed-in',
    token,
    session: {
      sessionId: '',
      csrfToken,
      user: { id: user.id, email: user.email, name: user.name, role: user.role },
    },
  };
}
