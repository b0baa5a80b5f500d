import { noteLine } from './note-contact.ts';
import type { LeadEventKind } from './timeline.ts';

/** One stored line of a lead's timeline, as the inbox reads it. */
export interface StoredLeadEvent {
  kind: string;
  detail: Record<string, unknown>;
}

const REASONS: Record<string, string> = {
  'listing-agent': 'listing agent',
  'on-duty': 'on duty',
  broker: 'broker',
  agent: 'routing rule',
  'round-robin': 'round robin',
};

const CAPTURE_KINDS: Record<string, string> = {
  lead: 'details left',
  'viewing-request': 'viewing requested',
};

const KINDS: ReadonlySet<string> = new Set<LeadEventKind>([
  'received',
  'returned',
  'capture',
  'conversation',
  'status',
  'assigned',
  'note',
  'delivery-retry',
  'alert',
  'merged',
  'claimed',
  'escalated',
]);

/** Whether a stored kind is one the timeline knows (an unknown one is shown as itself). */
export function isLeadEventKind(kind: string): kind is LeadEventKind {
  return KINDS.has(kind);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "Daniel Okafor (listing agent)": who a capture went to and why, as the timeline says it. */
function assignee(detail: Record<string, unknown>): string {
  const who = text(detail.assignedName) || text(detail.assignedEmail);
  if (who === '') {
    return '';
  }
  const reason = REASONS[text(detail.reason)] ?? text(detail.reason);
  return reason === '' ? who : `${who} (${reason})`;
}

/**
 * A timeline line's text (docs/inbox.md#timeline): "Received, assigned to Daniel Okafor
 * (listing agent)", "Returned", "Status New → Contacted", "Reassigned to Maya Chen", a note's
 * text. Pure: the line's own facts only, so a line reads the same forever.
 */
export function timelineText(event: StoredLeadEvent): string {
  const d = event.detail;
  const what = CAPTURE_KINDS[text(d.captureKind)];
  switch (event.kind) {
    case 'received': {
      const to = assignee(d);
      return to === '' ? 'Received' : `Received, assigned to ${to}`;
    }
    case 'returned':
      return what ? `Returned, ${what}` : 'Returned';
    case 'capture':
      return what ? `${what.charAt(0).toUpperCase()}${what.slice(1)}` : 'Captured again';
    case 'conversation':
      return text(d.text) || 'Conversation ended';
    case 'status': {
      const line = `Status ${text(d.from)} → ${text(d.to)}`;
      return text(d.reason) === 'returned' ? `${line} (returned)` : line;
    }
    case 'assigned': {
      const to = text(d.toName) || text(d.to);
      const from = text(d.fromName) || text(d.from);
      return from === '' ? `Assigned to ${to}` : `Reassigned to ${to} (was ${from})`;
    }
    case 'note':
      return noteLine(text(d.text), text(d.contact));
    case 'delivery-retry':
      // The job's name as the lead's page gave it then; lines written before names: the adapter.
      return text(d.name)
        ? `${text(d.name)}: sent again`
        : `${text(d.adapter)} delivery sent again`;
    case 'merged': {
      const other = text(d.mergedName) || 'another lead';
      return `Merged with ${other}'s lead`;
    }
    case 'claimed':
      // Who claimed it is the line's `by`; setting Contacted (or a call logged) claims it too.
      return (
        text(d.text) || (text(d.via) === 'contact' ? 'Claimed by logging a contact' : 'Claimed')
      );
    case 'alert':
      return text(d.text) || `Alert sent${text(d.to) ? ` to ${text(d.to)}` : ''}`;
    case 'escalated': {
      // "Escalated to Priya Sandhu: not claimed in 5 min" (issue 27 §2: each step says why).
      const to = text(d.toName) || text(d.toEmail);
      const reason = text(d.reason);
      const head = to === '' ? 'Escalated' : `Escalated to ${to}`;
      return text(d.text) || (reason === '' ? head : `${head}: ${reason}`);
    }
    default:
      return text(d.text) || event.kind;
  }
}
