import { type Kysely, sql, type Transaction } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';

/** A member's role (desk/auth/role.ts names the same two). */
type Role = DeskDatabase['users']['role'];

/** The database or a transaction on it: the team's reads and writes take either. */
export type TeamDb = Kysely<DeskDatabase> | Transaction<DeskDatabase>;

/** One person of the team as the database holds them (docs/inbox.md#team-inboxteam). */
export interface TeamMember {
  id: string;
  name: string;
  email: string;
  /** Null: alerts go by email only. */
  phone: string | null;
  role: Role;
  owns: string[];
  active: boolean;
  onDuty: boolean;
  /** `YYYY-MM-DD` in the brokerage's zone, both included; null when not paused. */
  pausedFrom: string | null;
  pausedTo: string | null;
  /** They have set a password (from an invite, a reset or add-user). */
  hasPassword: boolean;
  position: number | null;
}

/** Whether a member is on a pause that covers `today` (`YYYY-MM-DD`). */
export function pausedOn(member: Pick<TeamMember, 'pausedFrom' | 'pausedTo'>, today: string) {
  return (
    member.pausedFrom !== null &&
    member.pausedTo !== null &&
    member.pausedFrom <= today &&
    today <= member.pausedTo
  );
}

/** The users' columns a {@link TeamMember} is read from, under its names. */
export const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'role',
  'owns',
  'active',
  'on_duty as onDuty',
  'paused_from as pausedFrom',
  'paused_to as pausedTo',
  'position',
] as const;

const HAS_PASSWORD = sql<boolean>`password_hash is not null`.as('hasPassword');

/**
 * The whole team in routing's order: by position, then by when added. `seededOnly`: none until
 * the team has been seeded (routing's read, one query).
 */
export async function listTeam(
  db: TeamDb,
  options: { seededOnly?: boolean } = {},
): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .select(HAS_PASSWORD)
    .$if(options.seededOnly === true, (q) =>
      q.where(sql<boolean>`exists (select 1 from team_seed)`),
    )
    .orderBy(sql`position asc nulls last`)
    .orderBy('created_at')
    .orderBy('email')
    .execute();
  return rows;
}

/** One member by id, or null (also for an id that is not a UUID). */
export async function findMember(db: TeamDb, id: string): Promise<TeamMember | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    return null;
  }
  const row = await db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .select(HAS_PASSWORD)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the team has been seeded: from then on routing reads it from the database. */
export async function teamSeeded(db: TeamDb): Promise<boolean> {
  const row = await db.selectFrom('team_seed').select('id').executeTakeFirst();
  return row !== undefined;
}
