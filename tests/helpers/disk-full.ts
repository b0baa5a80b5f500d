import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from '../../desk/storage/schema.ts';

/**
 * Makes every insert into `captures` fail as a full disk does (SQLSTATE 53100), on either
 * storage: the way the fault tests fill the disk without filling it.
 */
export async function refuseCaptureWrites(db: Kysely<DeskDatabase>): Promise<void> {
  await sql`create or replace function refuse_write() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file' using errcode = '53100'; end $$`.execute(db);
  await sql`create trigger refuse_write before insert on captures for each row execute function refuse_write()`.execute(
    db,
  );
}
