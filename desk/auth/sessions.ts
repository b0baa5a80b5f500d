import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import type { Role } from './role.ts';

/** A session ends after this long without a request (docs/desk.md#inbox). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

// last_seen_at is written at most this often: one write per minute of activity, not per request.
const TOUCH_EVERY_MS = 60 * 1000;

/** The signed-in user a request acts as. */
export interface SessionUser {
  sessionId: string;
  csrfToken: string;
  user: { id: string; email: string; name: string; role: Role };
}

/** The session row's id for a cookie token: only its SHA-256 is stored. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for a user; resolves the cookie's token (shown to no one else). */
export async function createSession(
  db: Kysely<DeskDatabase>,
  userId: string,
  now: Date,
): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: sessionIdOf(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
  return { token, csrfToken };
}

/**
 * The live session of a cookie token, or null. An idle session (no request for
 * {@link SESSION_IDLE_MS}) is deleted here, so it can never come back.
 */
export async function findSession(
  db: Kysely<DeskDatabase>,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  if (token.length < 20 || token.length > 100) {
    return null;
  }
  const id = sessionIdOf(token);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.csrf_token',
      's.last_seen_at',
      'u.id as user_id',
      'u.email',
      'u.name',
      'u.role',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const idle = now.getTime() - row.last_seen_at.getTime();
  if (idle > SESSION_IDLE_MS) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (idle > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
  }
  return {
    sessionId: id,
    csrfToken: row.csrf_token,
    user: { id: row.user_id, email: row.email, name: row.name, role: row.role },
  };
}

/** Deletes a session (sign-out); its cookie is refused from then on. */
export async function deleteSession(db: Kysely<DeskDatabase>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
