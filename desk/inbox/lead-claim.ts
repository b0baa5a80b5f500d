import { type Kysely, sql, type Transaction } from 'kysely';
import type { SessionUser } from '../auth/sessions.ts';
import { appendLeadEvents } from '../leads/timeline.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { isUuid, maySee } from './lead-detail.ts';

type Db = Kysely<DeskDatabase> | Transaction<DeskDatabase>;

/** A claim refused: 404 for a lead this user may not see, 409 when someone else has it. */
export class ClaimError extends Error {
  override readonly name = 'ClaimError';
  constructor(
    readonly status: 404 | 409,
    readonly code: 'not-found' | 'claimed',
    message: string,
  ) {
    super(message);
  }
}

/** A lead's claim as it stands after a claim. */
export interface Claim {
  leadId: string;
  claimedBy: { id: string; name: string };
  claimedAt: Date;
  /** This user had already claimed it: nothing changed. */
  already: boolean;
}

/** How a lead came to be claimed: `Claim` pressed, or a contact logged (status Contacted, or a note marked as a call, text or email). */
export type ClaimVia = 'claim' | 'contact';

/**
 * The lead an inbox id names, following a merge: a lead's own id, or, while the inbox still
 * shows captures as leads, one of its captures' ids. Null when it names neither.
 */
export async function leadIdOf(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) {
    return null;
  }
  const row = await sql<{ id: string }>`
    select coalesce(l.merged_into, l.id) as id from leads l
    where l.id = ${id} or l.id = (select lead_id from captures where id = ${id})
    limit 1`.execute(db);
  return row.rows[0]?.id ?? null;
}

/** "Daniel" of "Daniel Okafor": how a refused claim names who has the lead. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * Takes an unclaimed lead for `user` in one statement: the update locks the row, and a second
 * claimer's update waits for the first's commit, then finds `claimed_by` set and changes
 * nothing. Appends the `claimed` line in the caller's transaction. Resolves whether it took it.
 */
async function take(
  trx: Transaction<DeskDatabase>,
  leadId: string,
  user: SessionUser['user'],
  now: Date,
  via: ClaimVia,
): Promise<boolean> {
  const taken = await trx
    .updateTable('leads')
    .set({ claimed_by: user.id, claimed_at: now })
    .where('id', '=', leadId)
    .where('claimed_by', 'is', null)
    .returning(['created_at'])
    .executeTakeFirst();
  if (!taken) {
    return false;
  }
  await appendLeadEvents(trx, [
    {
      leadId,
      kind: 'claimed',
      at: now,
      user: { id: user.id, email: user.email },
      detail: {
        via,
        name: user.name,
        secondsToClaim: Math.max(
          0,
          Math.round((now.getTime() - taken.created_at.getTime()) / 1000),
        ),
      },
    },
  ]);
  return true;
}

/**
 * `Claim` on a lead's page (issue 27 §2, docs/inbox.md#claim-and-escalation). Of two agents pressing it in the
 * same second one wins; the other gets 409 `claimed` with "Daniel claimed this lead". Claiming
 * again is a no-op. An agent may claim only a lead assigned to them (else 404, as for any lead
 * they may not see); a broker any.
 */
export async function claimLead(
  db: Kysely<DeskDatabase>,
  session: SessionUser,
  id: string,
  now: Date,
): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const leadId = await leadIdOf(trx, id);
    const lead = leadId
      ? await trx
          .selectFrom('leads')
          .select(['id', 'assigned_email'])
          .where('id', '=', leadId)
          .executeTakeFirst()
      : undefined;
    if (!lead) {
      throw new ClaimError(404, 'not-found', 'No such lead');
    }
    const mine = maySee(session, lead.assigned_email);
    const took = mine && (await take(trx, lead.id, session.user, now, 'claim'));
    const holder = await trx
      .selectFrom('leads as l')
      .leftJoin('users as u', 'u.id', 'l.claimed_by')
      .select(['l.claimed_by', 'l.claimed_at', 'u.name'])
      .where('l.id', '=', lead.id)
      .executeTakeFirstOrThrow();
    if (holder.claimed_by !== null && holder.claimed_by !== session.user.id) {
      // Said even to an agent the lead has just escalated away from: they pressed Claim too late.
      throw new ClaimError(
        409,
        'claimed',
        `${firstName(holder.name ?? 'Someone')} claimed this lead`,
      );
    }
    if (!mine || holder.claimed_at === null) {
      throw new ClaimError(404, 'not-found', 'No such lead');
    }
    return {
      leadId: lead.id,
      claimedBy: { id: session.user.id, name: session.user.name },
      claimedAt: holder.claimed_at,
      already: !took,
    };
  });
}

/**
 * Logging a contact claims the lead for who logged it, if nobody has (issue 27 §2): status
 * Contacted, or a note marked as a call, text or email. Runs in the change's transaction; a lead someone else claimed stays theirs.
 */
export async function claimOnContact(
  trx: Transaction<DeskDatabase>,
  session: SessionUser,
  id: string,
  now: Date,
): Promise<void> {
  const leadId = await leadIdOf(trx, id);
  if (leadId) {
    await take(trx, leadId, session.user, now, 'contact');
  }
}
