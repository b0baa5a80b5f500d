import { LeadDeliveryQueue } from './delivery-queue.ts';
import { pageStorage } from './page-storage.ts';

/**
 * One queue per endpoint for the whole page: the captures of every widget and the ones resumed
 * from an earlier load share its in-flight and delivered keys, so none is posted twice.
 */
const queues = new Map<string, LeadDeliveryQueue>();
const resumed = new Set<string>();

/** The page's queue for `endpoint`, made at its first use. */
export function queueFor(endpoint: string): LeadDeliveryQueue {
  let queue = queues.get(endpoint);
  if (!queue) {
    queue = new LeadDeliveryQueue({ endpoint, storage: pageStorage() });
    queues.set(endpoint, queue);
  }
  return queue;
}

/** Sends what an earlier page load left waiting for `endpoint`, once per page load. */
export function resumeLeadDelivery(endpoint: string): void {
  if (resumed.has(endpoint)) {
    return;
  }
  resumed.add(endpoint);
  queueFor(endpoint)
    .resumePending()
    .catch(() => undefined);
}
