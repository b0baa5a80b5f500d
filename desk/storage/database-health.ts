import type { Kysely } from 'kysely';
import type { DeskDatabase } from './schema.ts';

/**
 * Whether the database answers a query on the desk's own tables (`GET /health`): reachable, and
 * migrated (`desk_migrations` exists). Never rejects.
 */
export async function databaseAnswers(db: Kysely<DeskDatabase>): Promise<boolean> {
  try {
    await db.selectFrom('desk_migrations').select('version').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
