import { type Kysely, sql } from 'kysely';
import type { DeskDatabase } from './schema.ts';

/**
 * Loads what PGlite would otherwise load inside the first capture: PL/pgSQL (the tables'
 * triggers are written in it) and the Snowball stemmer behind the `english` text search
 * configuration (a lead's search words), each a WebAssembly module of its own, compiled and
 * linked at its first use. On a desk just started they held the first capture for about 100 ms
 * (`npm run bench`: the first captures after a start). The desk calls this once it listens.
 * Neither statement reads or writes a row. A PostgreSQL server loads both natively, in a
 * millisecond.
 */
export async function warmEmbedded(db: Kysely<DeskDatabase>): Promise<void> {
  await sql`do $$ begin end $$`.execute(db);
  await sql`select to_tsvector('english', 'viewing')`.execute(db);
}
