import type { Kysely } from 'kysely';
import type { DeliveredAlert } from '../delivery/outbox-worker.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { appendLeadEvents } from './timeline.ts';

/**
 * The 'alert' line on a lead's timeline once one of its alerts is out (docs/inbox.md#timeline):
 * which adapter, for an email the agent it went to, and whether it was a reassignment's.
 */
export async function recordAlert(db: Kysely<DeskDatabase>, alert: DeliveredAlert): Promise<void> {
  await appendLeadEvents(db, [
    {
      leadId: alert.leadId,
      kind: 'alert',
      at: new Date(),
      captureId: alert.captureId,
      detail: {
        adapter: alert.adapter,
        reason: alert.reason,
        ...(alert.to && { to: alert.to.email, toName: alert.to.name }),
      },
    },
  ]);
}
