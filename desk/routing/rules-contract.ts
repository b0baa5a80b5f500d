/**
 * The broker's routing rules (issue 27 §3, docs/inbox.md#routing): the shapes the desk stores,
 * evaluates and serves under `/inbox/api/routing`, and the inbox's Routing page edits. One ordered
 * list, first match wins; the last rule is the catch-all to the broker (always present, never
 * deleted or moved, no conditions).
 */

/** What a capture asks for: a capture that requests a viewing is 'viewing'; else 'lead'. */
export type RuleKind = 'lead' | 'viewing';

/** When a rule applies: every given condition must match (AND); `{}` matches every lead. */
export interface RuleConditions {
  /** The listing's id, case-insensitive exact. */
  listingIds?: string[];
  /** The listing's agent name, case-insensitive exact. */
  listingAgents?: string[];
  /** A city named in the listing's address (word match, case-insensitive). */
  cities?: string[];
  /** The listing's price parsed from its text ("$1,250,000"), both bounds included. */
  priceMin?: number;
  priceMax?: number;
  kinds?: RuleKind[];
  /** The primary language subtag of the conversation ("fr"). */
  languages?: string[];
  /** A path prefix of the page the capture came from ("/listings/"). */
  pagePaths?: string[];
  /** utm_source, else the referrer's host, else 'direct'. */
  sources?: string[];
  /** The brokerage's office hours at the lead's arrival. */
  officeHours?: 'open' | 'closed';
}

/** Who a matching rule gives the lead to. */
export type RuleAction =
  /** The agent who owns the listing (by `owns[]` or by name). */
  | { type: 'listing-agent' }
  /** The agent on duty. */
  | { type: 'on-duty' }
  | { type: 'agent'; email: string }
  /** Weighted round robin among the members; weight 1..10. */
  | { type: 'round-robin'; members: { email: string; weight: number }[] }
  /** The catch-all's action. */
  | { type: 'broker' };

export interface RoutingRule {
  id: string;
  name: string;
  conditions: RuleConditions;
  action: RuleAction;
}

/** The saved rules, with the version a save must name (409 when someone saved in between). */
export interface RoutingSet {
  rules: RoutingRule[];
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Why a lead went where it went: stored on the lead's "received" timeline line and shown on the lead. */
export interface RoutingDecision {
  ruleId: string;
  ruleName: string;
  /** 1-based index of the rule that matched. */
  step: number;
  agent: { name: string; email: string };
  /** Agents the matched rule's action passed over, and rules before it whose action found nobody. */
  skipped: { name: string; why: 'paused' | 'inactive' | 'off duty' | 'no match' }[];
}
