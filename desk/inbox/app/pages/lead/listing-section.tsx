import type { LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';
import { Fact } from './fact.tsx';

/**
 * The `Listing` panel: the home the visitor asked about, and under `Viewing times` each time
 * they proposed beside the words they said it in.
 */
export function ListingSection({ lead }: { lead: LeadDetail }) {
  const { listing } = lead;
  return (
    <section className="panel" aria-labelledby="listing-title">
      <h2 id="listing-title">Listing</h2>
      <dl className="facts">
        <dt>Address</dt>
        <dd>{listing.address ?? '—'}</dd>
        {listing.price ? <Fact label="Price" value={listing.price} /> : null}
        {listing.id ? <Fact label="Listing id" value={listing.id} /> : null}
        {listing.agentName ? <Fact label="Listing agent" value={listing.agentName} /> : null}
        {listing.url ? <Fact label="Listing page" value={listing.url} /> : null}
        {lead.pageUrl ? <Fact label="Asked from" value={lead.pageUrl} /> : null}
      </dl>
      {lead.viewingTimes.length > 0 ? (
        <>
          <h3>Viewing times</h3>
          <ul className="viewings">
            {lead.viewingTimes.map((time, i) => (
              // Times keep the order the visitor gave them; the same words may repeat.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i}>
                <strong>
                  {time.start ? (
                    <time dateTime={time.start}>{timeText(time.text)}</time>
                  ) : (
                    'No exact time'
                  )}
                  {time.start && time.approximate ? ' (approximate)' : null}
                </strong>
                <span className="said">
                  Visitor said: <q>{time.said}</q>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
