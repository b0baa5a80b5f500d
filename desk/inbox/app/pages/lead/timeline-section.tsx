import type { LeadDetail } from '../../../api-contract.ts';
import { LogLines } from './log-lines.tsx';

/**
 * The `Timeline` panel: everything that happened to the lead, oldest first, as the desk wrote
 * it. Lines are only ever added, so the first ("Received, assigned to …") stays first.
 */
export function TimelineSection({ lead }: { lead: LeadDetail }) {
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <LogLines
        empty="Nothing yet."
        lines={lead.timeline.map((entry) => ({
          ...entry,
          key: entry.id,
          by: entry.by ?? 'Desk',
          className: `timeline-${entry.kind}`,
        }))}
      />
    </section>
  );
}
