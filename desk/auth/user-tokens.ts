import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password.ts';
import { type AuthDb, revokeSessions } from './sessions.ts';

/** How long an invite or reset link works: 24 hours (issue 27 §4). */
export const USER_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** What a one-time link is for: the first password (invite) or a new one (reset). */
export type TokenPurpose = 'invite' | 'reset';

/** A link that cannot set a password: unknown, expired, used, or its user deactivated. */
export class TokenError extends Error {
  override name = 'TokenError';
  readonly code = 'bad-token';
}

/** A password the desk refuses (too short). */
export class PasswordRuleError extends Error {
  override name = 'PasswordRuleError';
  readonly code = 'bad-password';
}

/** The row id of a link's token: only its SHA-256 is stored. */
export function tokenIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a one-time link's token for a user (shown once, in the email; never stored). Earlier
 * unused links of the same purpose stop working: only the newest one sent is valid.
 */
export async function issueUserToken(
  db: AuthDb,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('user_tokens')
    .values({
      id: tokenIdOf(token),
      user_id: userId,
      purpose,
      created_at: now,
      expires_at: new Date(now.getTime() + USER_TOKEN_TTL_MS),
    })
    .execute();
  return token;
}

/** Checks a new password against the desk's rule; throws {@link PasswordRuleError}. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > 1024) {
    throw new PasswordRuleError(
      `The password must be ${MIN_PASSWORD_LENGTH} to 1024 characters long`,
    );
  }
}

/**
 * Sets a password from a link: the token is marked used in the same statement that checks it is
 * unused, unexpired and its user active, so a link works once however many tabs submit it. Every
 * session of the user ends (a reset signs out a stolen session). Resolves the user's id and
 * email; throws {@link TokenError} or {@link PasswordRuleError}.
 */
export async function setPasswordWithToken(
  db: AuthDb,
  token: string,
  password: string,
  now: Date,
): Promise<{ userId: string; email: string; purpose: TokenPurpose }> {
  checkNewPassword(password);
  if (token.length < 20 || token.length > 100) {
    throw new TokenError('This link is not valid');
  }
  const hash = await hashPassword(password);
  // One statement: the token is spent, the password set and the sessions ended, or nothing is.
  const used = await sql<{ user_id: string; email: string; purpose: TokenPurpose }>`
    with spent as (
      update user_tokens t set used_at = ${now}
      from users u
      where t.id = ${tokenIdOf(token)} and u.id = t.user_id and u.active
        and t.used_at is null and t.expires_at > ${now}
      returning t.user_id, u.email, t.purpose
    ), changed as (
      update users set password_hash = ${hash} from spent where users.id = spent.user_id
    ), ended as (
      delete from sessions s using spent where s.user_id = spent.user_id
    )
    select user_id, email, purpose from spent`.execute(db);
  const row = used.rows[0];
  if (!row) {
    throw new TokenError('This link has expired or was already used; ask for a new one');
  }
  return { userId: row.user_id, email: row.email, purpose: row.purpose };
}

/** Sets a user's password directly (the CLI) and ends their sessions. */
export async function setPassword(db: AuthDb, userId: string, password: string): Promise<void> {
  checkNewPassword(password);
  const hash = await hashPassword(password);
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  await revokeSessions(db, userId);
}
