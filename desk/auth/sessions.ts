import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import type { Role } from './role.ts';

/** The database or a transaction on it. */
export type AuthDb = Kysely<DeskDatabase> | Transaction<DeskDatabase>;

/** A session ends after this long without a request, by default (docs/desk.md#inbox). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A session ends this long after sign-in however much it is used, by default. */
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/** How long sessions live: `DESK_SESSION_IDLE_HOURS` and `DESK_SESSION_MAX_DAYS`. */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

const DEFAULT_LIFETIME: SessionLifetime = { idleMs: SESSION_IDLE_MS, maxMs: SESSION_MAX_MS };

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
 * The live session of a cookie token, or null. A session idle for longer than the lifetime's
 * `idleMs`, or older than its `maxMs` however busy, is deleted here, so it can never come back.
 */
export async function findSession(
  db: Kysely<DeskDatabase>,
  token: string,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_LIFETIME,
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
      's.created_at',
      's.last_seen_at',
      'u.id as user_id',
      'u.email',
      'u.name',
      'u.role',
    ])
    .where('s.id', '=', id)
    // Deactivating deletes the sessions too; this refuses a request that raced the deletion.
    .where('u.active', '=', true)
    .executeTakeFirst();
  if (!row) {
    return null;
  }
  const idle = now.getTime() - row.last_seen_at.getTime();
  const age = now.getTime() - row.created_at.getTime();
  if (idle > lifetime.idleMs || age > lifetime.maxMs) {
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

/** Deletes every session of a user (deactivated, or a new password): signed out everywhere. */
export async function revokeSessions(db: AuthDb, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes a session (sign-out); its cookie is refused from then on. */
export async function deleteSession(db: Kysely<DeskDatabase>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
