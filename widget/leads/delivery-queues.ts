import { LeadDeliveryQueue } from './delivery-queue.ts';
import { pageStorage } from './page/page-storage.ts';

/**
 * One queue per endpoint for the whole page: the captures of every widget, its callback
 * requests and the ones resumed from an earlier load share its in-flight and delivered keys, so
 * none is posted twice.
 */
const queues = new Map<string, LeadDeliveryQueue>();

/** The page's delivery queue for `endpoint`. */
export function queueFor(endpoint: string): LeadDeliveryQueue {
  let queue = queues.get(endpoint);
  if (!queue) {
    queue = new LeadDeliveryQueue({ endpoint, storage: pageStorage() });
    queues.set(endpoint, queue);
  }
  return queue;
}
