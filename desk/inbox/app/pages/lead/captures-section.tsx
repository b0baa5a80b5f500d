import type { LeadCapture, LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';
import { captureKindLabel } from '../../lib/labels.ts';
import { Fact } from './fact.tsx';

/** The fields a capture shows besides its contact details, in this order. */
const FIELD_LABELS: Record<string, string> = {
  intent: 'Intent',
  timeframe: 'Timeframe',
  budget: 'Budget',
  notes: "Visitor's notes",
};

/**
 * The `Captures` panel: each time the person left details or asked for a viewing, oldest first,
 * with the listing it was about and what they told the assistant.
 */
export function CapturesSection({ lead }: { lead: LeadDetail }) {
  return (
    <section className="panel" aria-labelledby="captures-title">
      <h2 id="captures-title">Captures</h2>
      {lead.captures.length === 0 ? (
        <p className="muted">No capture is stored for this lead.</p>
      ) : (
        <ol className="captures">
          {lead.captures.map((capture) => (
            <CaptureItem key={capture.id} capture={capture} />
          ))}
        </ol>
      )}
    </section>
  );
}

function CaptureItem({ capture }: { capture: LeadCapture }) {
  const { listing, fields } = capture;
  const extra = Object.entries(FIELD_LABELS).flatMap(([key, label]) => {
    const value = fields[key];
    return typeof value === 'string' || typeof value === 'number'
      ? [{ key, label, value: String(value) }]
      : [];
  });
  return (
    <li className="capture">
      <h3>
        {captureKindLabel(capture.kind)},{' '}
        <time dateTime={capture.receivedAt}>{timeText(capture.receivedAtText)}</time>
      </h3>
      <dl className="facts">
        <dt>Listing</dt>
        <dd>{listing.address ?? listing.id ?? '—'}</dd>
        {listing.price ? <Fact label="Price" value={listing.price} /> : null}
        {listing.id && listing.address ? <Fact label="Listing id" value={listing.id} /> : null}
        {listing.agentName ? <Fact label="Listing agent" value={listing.agentName} /> : null}
        {listing.url ? <Fact label="Listing page" value={listing.url} /> : null}
        {capture.pageUrl ? <Fact label="Asked from" value={capture.pageUrl} /> : null}
        {extra.map((field) => (
          <Fact key={field.key} label={field.label} value={field.value} />
        ))}
      </dl>
    </li>
  );
}
