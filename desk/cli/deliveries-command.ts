import type { Kysely } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';

/** A job as `npm run desk -- deliveries` lists it. */
export interface DeliveryRow {
  id: string;
  captureId: string;
  adapter: string;
  status: string;
  attempts: number;
  nextTry: string | null;
  lastError: string | null;
}

/** Every outbox job, newest first, with its status ("in progress" while a lease holds it). */
export async function listDeliveries(
  db: Kysely<DeskDatabase>,
  now = new Date(),
): Promise<DeliveryRow[]> {
  const rows = await db
    .selectFrom('deliveries')
    .select([
      'id',
      'capture_id',
      'adapter',
      'status',
      'attempts',
      'run_at',
      'locked_until',
      'last_error',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('adapter')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    captureId: r.capture_id,
    adapter: r.adapter,
    status:
      r.status === 'pending' && r.locked_until !== null && r.locked_until > now
        ? 'in progress'
        : r.status,
    attempts: r.attempts,
    nextTry: r.status === 'pending' ? r.run_at.toISOString() : null,
    lastError: r.last_error,
  }));
}

/** The jobs as an aligned text table, for the terminal. */
export function deliveriesTable(rows: readonly DeliveryRow[]): string {
  const head = ['ID', 'ADAPTER', 'STATUS', 'TRIES', 'NEXT TRY', 'LAST ERROR'];
  const body = rows.map((r) => [
    r.id,
    r.adapter,
    r.status,
    String(r.attempts),
    r.nextTry ?? '-',
    r.lastError ?? '',
  ]);
  const widths = head.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), ...body.map(line)].join('\n');
}
