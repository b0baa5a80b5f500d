import type { Kysely } from 'kysely';
import type { Agent } from '../config/brokerage.ts';
import type { AgentPhone } from '../delivery/adapters/sms.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/**
 * Where an agent's texts go, by their email (issue 27 §1): their phone on the team (the
 * database, issue 27 §4), or null (email only). Before the database is open, or for an email
 * that is not on the team, the config's agents answer.
 */
export function agentPhoneOf(
  agents: readonly Agent[],
  team: () => Kysely<DeskDatabase> | null,
): AgentPhone {
  const byEmail = new Map(agents.map((a) => [a.email.trim().toLowerCase(), a.phone.trim()]));
  return async (email) => {
    const key = email.trim().toLowerCase();
    const db = team();
    if (db !== null) {
      const member = await db
        .selectFrom('users')
        .select('phone')
        .where('email', '=', key)
        .executeTakeFirst();
      if (member) {
        return member.phone?.trim() || null;
      }
    }
    return byEmail.get(key) || null;
  };
}
