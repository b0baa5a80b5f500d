import { queueLinkEmail } from './link-email.ts';
import type { AuthDb } from './sessions.ts';

/** A reset link is sent to one account at most this often (a flood of "Forgot password?"). */
export const RESET_EVERY_MS = 60 * 1000;

/**
 * Queues the reset link's email for "Forgot password?", naming `origin`, in the caller's
 * transaction: for the active user with this email, unless a reset link went out within
 * {@link RESET_EVERY_MS} or one is already queued this minute. Resolves the user's id, or null
 * when nothing was queued. The caller answers the same either way, without waiting for this, so
 * neither the answer nor its time tells whether the email has an account.
 */
export async function requestPasswordReset(
  db: AuthDb,
  email: string,
  origin: string,
  now: Date,
): Promise<{ id: string } | null> {
  const key = email.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id'])
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
  // The token is minted when the email is sent; until then the minute's key stands for it.
  const minute = `asked-${Math.floor(now.getTime() / RESET_EVERY_MS)}`;
  const queued = await queueLinkEmail(
    db,
    { userId: user.id, purpose: 'reset', origin, key: minute },
    now,
  );
  return queued ? { id: user.id } : null;
}
