import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Brokerage } from '../config/brokerage.ts';
import { json } from '../storage/database.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/**
 * Seeds the team from assistant.config.json's `agents` the first time a desk starts on a
 * database (docs/inbox.md#team-inboxteam), and never again: later edits of the file do not overwrite what
 * the broker changed in the inbox. The `team_seed` row is written in the same transaction, so
 * two desks starting at once seed once. A user who already exists (add-user before the first
 * start) keeps their name, role and password and gains the config's phone, listings and duty.
 * Resolves whether it seeded now.
 */
export async function seedTeam(
  db: Kysely<DeskDatabase>,
  brokerage: Pick<Brokerage, 'agents' | 'onDuty'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const first = await trx
      .insertInto('team_seed')
      .defaultValues()
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('seeded_at')
      .executeTakeFirst();
    if (!first) {
      return false;
    }
    const onDuty = brokerage.onDuty?.trim().toLowerCase() ?? null;
    for (const [position, agent] of brokerage.agents.entries()) {
      await trx
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: agent.email.trim().toLowerCase(),
          name: agent.name,
          role: agent.role,
          password_hash: null,
          phone: agent.phone.trim() === '' ? null : agent.phone.trim(),
          owns: json(agent.owns),
          on_duty: agent.name.trim().toLowerCase() === onDuty,
          position,
        })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({
            phone: sql`coalesce(users.phone, excluded.phone)`,
            owns: sql`case when users.owns = '[]'::jsonb then excluded.owns else users.owns end`,
            on_duty: sql`excluded.on_duty`,
            position: sql`excluded.position`,
          }),
        )
        .execute();
    }
    return true;
  });
}
