import type { InsertQueryBuilder, InsertQueryNode, InsertResult, QueryCreator } from 'kysely';
import type { DeskDatabase } from './schema.ts';

/**
 * An insert sent inside another statement as one of its WITH parts: several tables' rows in one
 * round trip, on the capture's hot path (docs/desk.md#storage). Foreign keys are checked at the
 * end of the statement, so a part may name rows another part inserts; no part reads another's.
 */
export interface SideInsert {
  toOperationNode(): InsertQueryNode;
  /** Runs it on its own, when there is no statement to carry it. */
  execute(): Promise<unknown>;
}

/** `db` with each side insert as a WITH part of the statement built on it next. */
export function withSides(
  db: QueryCreator<DeskDatabase>,
  sides: readonly SideInsert[],
): QueryCreator<DeskDatabase> {
  let creator = db;
  sides.forEach((side, index) => {
    // Only the node is read: any insert, whatever its table, is a valid WITH part.
    const part = side as unknown as InsertQueryBuilder<DeskDatabase, 'jobs', InsertResult>;
    creator = creator.with(`side${index}`, () => part) as unknown as QueryCreator<DeskDatabase>;
  });
  return creator;
}
