import type { AuthDb } from './sessions.ts';
import { issueUserToken } from './user-tokens.ts';

/** A reset link is sent to one account at most this often (a flood of "Forgot password?"). */
export const RESET_EVERY_MS = 60 * 1000;

/**
 * The reset link for "Forgot password?": a new token for the active user with this email, or
 * null for an unknown or deactivated email, or when a link went out within
 * {@link RESET_EVERY_MS}. The caller answers the same either way and sends the email without
 * waiting for it, so neither the answer nor its time tells whether the email has an account.
 */
export async function requestPasswordReset(
  db: AuthDb,
  email: string,
  now: Date,
): Promise<{ user: { id: string; name: string; email: string }; token: string } | null> {
  const key = email.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('user_tokens as t')
            .select('t.id')
            .whereRef('t.user_id', '=', 'users.id')
            .where('t.purpose', '=', 'reset')
            .where('t.created_at', '>', new Date(now.getTime() - RESET_EVERY_MS)),
        )
        .as('recent'),
    )
    .where('email', '=', key)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!user || user.recent) {
    return null;
  }
  const token = await issueUserToken(db, user.id, 'reset', now);
  return { user: { id: user.id, name: user.name, email: user.email }, token };
}
