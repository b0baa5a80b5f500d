import { sql, type Transaction } from 'kysely';
import type { DeskDatabase } from '../storage/schema.ts';
import type { SideInsert } from '../storage/side-inserts.ts';
import {
  type CaptureSearch,
  joinedLeadSearch,
  newLeadSearch,
  type PersonWords,
} from './lead-search.ts';
import type { LeadEventKind } from './timeline.ts';

/** Statuses a returning visitor reopens: their lead goes back to New. */
const REOPENED_BY_RETURN: ReadonlySet<string> = new Set(['Closed', 'Lost']);

/** The person's lead as the capture's state read it (the lead it was merged into, if it was). */
export interface ExistingLead {
  id: string;
  status: string;
  assignedName: string | null;
  assignedEmail: string | null;
  assignmentReason: string;
  /** The lead already has a capture from this conversation. */
  inConversation: boolean;
}

/** Who routing would give the capture to, were it a new lead. */
export interface RoutedAgent {
  name: string | null;
  email: string | null;
  reason: string;
}

/** The lead a capture joins, with the assignee its deliveries go to and its timeline line. */
export interface JoinedLead {
  leadId: string;
  assignedName: string | null;
  assignedEmail: string | null;
  assignmentReason: string;
  /** The lead's status once the capture joined it (its captures carry a copy). */
  status: string;
  /** The capture's line on the timeline. */
  kind: Extract<LeadEventKind, 'received' | 'returned' | 'capture'>;
  /** Set when a return reopened a Closed or Lost lead. */
  reopenedFrom: string | null;
  /**
   * A new lead's rows, its person's and its own, not yet written: the caller's statement carries
   * them (desk/storage/side-inserts.ts), in this order. Empty when the capture joined a lead.
   */
  inserts: SideInsert[];
}

/**
 * Marks a lead active now, with the joining capture's words in its search vector, answering its
 * row as it is once locked.
 */
function touchLead(
  trx: Transaction<DeskDatabase>,
  leadId: string,
  now: Date,
  search: { personId: string; capture: CaptureSearch },
) {
  return trx
    .updateTable('leads')
    .set({
      last_activity_at: sql<Date>`greatest(last_activity_at, ${now}::timestamptz)`,
      search: joinedLeadSearch(search.personId, search.capture),
    })
    .where('id', '=', leadId)
    .returning([
      'id',
      'merged_into',
      'status',
      'assigned_name',
      'assigned_email',
      'assignment_reason',
    ])
    .executeTakeFirst();
}

/**
 * The lead of a capture's person (issue 26 §2): one person, one lead. A new person's lead is
 * created with the routed agent; a known person's capture joins their lead, keeps its assignee,
 * and reopens it only if it was Closed or Lost. Runs in the capture's transaction, under the
 * person's locks. A new lead is not written here: its insert, after `personInsert` (a new
 * person's row), is returned for the capture's own statement to carry (one round trip fewer);
 * `personInsert` goes on its own before a known lead is joined.
 */
export async function joinLead(
  trx: Transaction<DeskDatabase>,
  existing: ExistingLead | null,
  input: {
    newLeadId: string;
    personId: string;
    personInsert?: SideInsert | null;
    /** The person's columns once the capture's write (a new person's, or a known one completed). */
    personWords: PersonWords;
    /** The capture's words for the lead's search vector (desk/leads/lead-search.ts). */
    search: CaptureSearch;
    routed: RoutedAgent;
    demo: boolean;
    now: Date;
  },
): Promise<JoinedLead> {
  const sides = input.personInsert ? [input.personInsert] : [];
  if (existing === null) {
    const lead = trx.insertInto('leads').values({
      id: input.newLeadId,
      person_id: input.personId,
      assigned_name: input.routed.name,
      assigned_email: input.routed.email,
      assignment_reason: input.routed.reason,
      demo: input.demo,
      created_at: input.now,
      last_activity_at: input.now,
      search: newLeadSearch(input.personWords, input.search),
    });
    return {
      leadId: input.newLeadId,
      assignedName: input.routed.name,
      assignedEmail: input.routed.email,
      assignmentReason: input.routed.reason,
      status: 'New',
      kind: 'received',
      reopenedFrom: null,
      inserts: [...sides, lead],
    };
  }
  for (const side of sides) {
    await side.execute();
  }
  // The lead as it is once this capture holds its row: a merge or an inbox change may have
  // committed while the capture waited for it, so its survivor, status and assignee are the ones
  // returned here, not those read before.
  const search = { personId: input.personId, capture: input.search };
  let current = await touchLead(trx, existing.id, input.now, search);
  if (current?.merged_into) {
    current = await touchLead(trx, current.merged_into, input.now, search);
  }
  if (!current) {
    throw new Error('the lead of a known person is gone');
  }
  const reopen = !existing.inConversation && REOPENED_BY_RETURN.has(current.status);
  if (reopen) {
    await trx.updateTable('leads').set({ status: 'New' }).where('id', '=', current.id).execute();
    // The lead's captures keep a copy of its status (desk/inbox/lead-changes.ts).
    await trx
      .updateTable('captures')
      .set({ status: 'New' })
      .where('lead_id', '=', current.id)
      .execute();
  }
  return {
    leadId: current.id,
    assignedName: current.assigned_name,
    assignedEmail: current.assigned_email,
    assignmentReason: current.assignment_reason,
    status: reopen ? 'New' : current.status,
    kind: existing.inConversation ? 'capture' : 'returned',
    reopenedFrom: reopen ? current.status : null,
    inserts: [],
  };
}
