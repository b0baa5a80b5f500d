import type { LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';

/** The `Consent` panel: the recording disclosure the visitor agreed to, its version and when. */
export function ConsentSection({ lead }: { lead: LeadDetail }) {
  const { consent } = lead;
  return (
    <section className="panel" aria-labelledby="consent-title">
      <h2 id="consent-title">Consent</h2>
      {consent.version === null && consent.text === null ? (
        <p className="muted">No recording disclosure was recorded for this lead.</p>
      ) : (
        <>
          {consent.text ? (
            <blockquote className="disclosure">
              <p>{consent.text}</p>
            </blockquote>
          ) : null}
          <dl className="facts">
            <dt>Version</dt>
            <dd>
              <code>{consent.version ?? '—'}</code>
            </dd>
            <dt>Agreed at</dt>
            <dd>
              {consent.acceptedAt ? (
                <time dateTime={consent.acceptedAt}>{timeText(consent.acceptedAtText)}</time>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
