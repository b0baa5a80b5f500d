import type { LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';

/**
 * The `Consent` panel: the recording disclosure the visitor agreed to, its version and when; then
 * contact: the box they ticked or not on the widget's card (its exact sentence), beside what the
 * assistant heard, and a request not to be contacted.
 */
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
      <h3 id="contact-consent-title">Contact</h3>
      <dl className="facts" aria-labelledby="contact-consent-title">
        <dt>Box on the card</dt>
        <dd>{consent.consentToContact ? 'Ticked' : 'Not ticked'}</dd>
        {consent.contact ? (
          <>
            <dt>Agreed to</dt>
            <dd>
              <q>{consent.contact.text}</q> (<code>{consent.contact.version}</code>),{' '}
              <time dateTime={consent.contact.givenAt}>
                {timeText(consent.contact.givenAtText)}
              </time>
            </dd>
          </>
        ) : null}
        <dt>Heard by the assistant</dt>
        <dd>
          {consent.spokenConsent === null ? 'Not asked' : consent.spokenConsent ? 'Yes' : 'No'}
        </dd>
        {consent.doNotContact ? (
          <>
            <dt>Do not contact</dt>
            <dd>The visitor asked not to be contacted again</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
