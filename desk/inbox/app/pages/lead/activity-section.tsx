import type { LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';

/** The `Activity` panel: the lead's log, oldest first, each entry with its time and author. */
export function ActivitySection({ lead }: { lead: LeadDetail }) {
  return (
    <section className="panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      {lead.activity.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className="activity">
          {lead.activity.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at one end
            <li key={`${entry.at}-${i}`}>
              <time dateTime={entry.at}>{timeText(entry.atText)}</time>
              <span className="activity-by">{entry.by ?? 'Desk'}</span>
              <span className="activity-text">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
