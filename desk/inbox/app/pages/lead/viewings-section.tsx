import type { LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';

/**
 * The `Requested viewings` panel: every time the person proposed, over all their captures, in
 * the order they gave them, each beside the words they said it in and the listing it is for.
 */
export function ViewingsSection({ lead }: { lead: LeadDetail }) {
  const viewings = lead.captures.flatMap((capture) =>
    capture.viewingTimes.map((time, i) => ({
      key: `${capture.id}-${i}`,
      time,
      listing: capture.listing.address ?? capture.listing.id ?? null,
    })),
  );
  return (
    <section className="panel" aria-labelledby="viewings-title">
      <h2 id="viewings-title">Requested viewings</h2>
      {viewings.length === 0 ? (
        <p className="muted">No viewing requested.</p>
      ) : (
        <ul className="viewings">
          {viewings.map(({ key, time, listing }) => (
            <li key={key}>
              <strong>
                {time.start ? (
                  <time dateTime={time.start}>{timeText(time.text)}</time>
                ) : (
                  'No exact time'
                )}
                {time.start && time.approximate ? ' (approximate)' : null}
              </strong>
              {listing ? <span className="said">At {listing}</span> : null}
              <span className="said">
                Visitor said: <q>{time.said}</q>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
