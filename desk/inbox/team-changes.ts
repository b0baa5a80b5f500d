import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../auth/role.ts';
import { revokeSessions } from '../auth/sessions.ts';
import { findMember, type TeamDb, type TeamMember } from '../routing/team.ts';
import { type AuditActor, writeAudit } from '../storage/audit-log.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/** A change to the team that was refused: its `code` and HTTP status say why. */
export class TeamError extends Error {
  override name = 'TeamError';
  constructor(
    readonly code: 'bad-request' | 'exists' | 'not-found',
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** Who made a change, for the audit log: a signed-in user, or the CLI (null). */
export type Actor = AuditActor;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Writes one audit row for a change to the team (docs/inbox.md#team-inboxteam). */
export async function auditTeam(
  db: TeamDb,
  actor: Actor,
  action: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await writeAudit(db, {
    actor,
    action,
    at,
    detail: actor === null ? { ...detail, via: 'cli' } : detail,
  });
}

/** A new member as the broker typed them. */
export interface NewMember {
  name: string;
  email: string;
  phone: string | null;
  role: Role;
}

/** Checks a new member (trimmed, email lower-case); throws {@link TeamError}. */
export function parseNewMember(body: unknown): NewMember {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const name = typeof record.name === 'string' ? record.name.trim() : '';
  const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
  const phoneText = typeof record.phone === 'string' ? record.phone.trim() : '';
  const role = record.role;
  if (name === '' || name.length > 120) {
    throw new TeamError('bad-request', 'Give a name of 1 to 120 characters', 400);
  }
  if (!EMAIL.test(email) || email.length > 320) {
    throw new TeamError('bad-request', 'Give an email address', 400);
  }
  if (phoneText !== '' && !PHONE.test(phoneText)) {
    throw new TeamError('bad-request', 'The phone must be a dialable number, or empty', 400);
  }
  if (role !== 'broker' && role !== 'agent') {
    throw new TeamError('bad-request', 'The role must be broker or agent', 400);
  }
  return { name, email, phone: phoneText === '' ? null : phoneText, role };
}

/** Adds a member without a password (they set it from their invite); audited. */
export async function addMember(
  db: Kysely<DeskDatabase>,
  actor: Actor,
  member: NewMember,
  now: Date,
): Promise<TeamMember> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: member.email,
        name: member.name,
        role: member.role,
        password_hash: null,
        phone: member.phone,
        position: (last?.last ?? -1) + 1,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      throw new TeamError('exists', 'Someone on the team already has that email', 409);
    }
    await auditTeam(trx, actor, 'team-add', { userId: inserted.id, role: member.role }, now);
    const added = await findMember(trx, inserted.id);
    if (!added) {
      throw new Error('the member just added is missing');
    }
    return added;
  });
}

/** A change to a member: on duty, and a pause (both dates, or null to end it). */
export interface MemberUpdate {
  onDuty?: boolean;
  pause?: { from: string; to: string } | null;
}

function validDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Checks a PATCH body: `onDuty`, `pausedFrom` and `pausedTo` (both, or both null). */
export function parseMemberUpdate(body: unknown): MemberUpdate {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const update: MemberUpdate = {};
  if ('onDuty' in record) {
    if (typeof record.onDuty !== 'boolean') {
      throw new TeamError('bad-request', 'onDuty must be true or false', 400);
    }
    update.onDuty = record.onDuty;
  }
  if ('pausedFrom' in record || 'pausedTo' in record) {
    const { pausedFrom: from, pausedTo: to } = record;
    if (from === null && to === null) {
      update.pause = null;
    } else if (
      typeof from === 'string' &&
      typeof to === 'string' &&
      validDate(from) &&
      validDate(to)
    ) {
      if (from > to) {
        throw new TeamError('bad-request', 'The pause must end on or after its first day', 400);
      }
      update.pause = { from, to };
    } else {
      throw new TeamError(
        'bad-request',
        'pausedFrom and pausedTo must both be dates (YYYY-MM-DD), or both null',
        400,
      );
    }
  }
  if (update.onDuty === undefined && update.pause === undefined) {
    throw new TeamError('bad-request', 'Send onDuty, or pausedFrom and pausedTo', 400);
  }
  return update;
}

/** Changes a member's duty or pause; audited. Throws {@link TeamError} (404) for no such member. */
export async function updateMember(
  db: Kysely<DeskDatabase>,
  actor: Actor,
  id: string,
  update: MemberUpdate,
  now: Date,
): Promise<TeamMember> {
  return db.transaction().execute(async (trx) => {
    const before = await findMember(trx, id);
    if (!before) {
      throw new TeamError('not-found', 'No such member of the team', 404);
    }
    await trx
      .updateTable('users')
      .set({
        ...(update.onDuty !== undefined && { on_duty: update.onDuty }),
        ...(update.pause !== undefined && {
          paused_from: update.pause?.from ?? null,
          paused_to: update.pause?.to ?? null,
        }),
      })
      .where('id', '=', id)
      .execute();
    if (update.onDuty !== undefined) {
      await auditTeam(trx, actor, 'team-on-duty', { userId: id, onDuty: update.onDuty }, now);
    }
    if (update.pause !== undefined) {
      await auditTeam(trx, actor, 'team-pause', { userId: id, pause: update.pause }, now);
    }
    return (await findMember(trx, id)) ?? before;
  });
}

/**
 * Deactivates a member: sign-in refused from now on, every session deleted, unused links
 * spent; their leads stay assigned (the team list counts them for reassignment). Audited.
 * Resolves the member and how many sessions ended; throws {@link TeamError} (404).
 */
export async function deactivateMember(
  db: Kysely<DeskDatabase>,
  actor: Actor,
  id: string,
  now: Date,
): Promise<{ member: TeamMember; sessionsEnded: number }> {
  return db.transaction().execute(async (trx) => {
    const before = await findMember(trx, id);
    if (!before) {
      throw new TeamError('not-found', 'No such member of the team', 404);
    }
    if (actor !== null && actor.id === id) {
      throw new TeamError('bad-request', 'You cannot deactivate yourself', 400);
    }
    const otherBroker = await trx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'broker')
      .where('active', '=', true)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (before.role === 'broker' && !otherBroker) {
      // Routing's catch-all is a broker, and someone must be able to run the team.
      throw new TeamError('bad-request', 'The last active broker cannot be deactivated', 400);
    }
    await trx
      .updateTable('users')
      .set({ active: false, on_duty: false, deactivated_at: now })
      .where('id', '=', id)
      .execute();
    const sessionsEnded = await revokeSessions(trx, id);
    await trx
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .execute();
    await auditTeam(trx, actor, 'team-deactivate', { userId: id, sessionsEnded }, now);
    return { member: (await findMember(trx, id)) ?? before, sessionsEnded };
  });
}
