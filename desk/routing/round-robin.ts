/**
 * Weighted round robin (pure, docs/inbox.md#routing): the next turn goes to the member who has
 * been served least for their weight (served / weight, lowest first), ties by the rule's order.
 * Over any run of leads each member's share tracks their weight: 3:1 gives 6 and 2 of 8.
 */

/** One member a round-robin rule may give a lead to, with their count so far. */
export interface Turn {
  email: string;
  weight: number;
  served: number;
}

/** The member whose turn it is, or null when there is none to choose from. */
export function nextTurn<T extends Turn>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const candidate of candidates) {
    // served_a / weight_a < served_b / weight_b, cross-multiplied so equal shares tie exactly.
    if (best === null || candidate.served * best.weight < best.served * candidate.weight) {
      best = candidate;
    }
  }
  return best;
}
