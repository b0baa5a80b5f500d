import type { ConsentEvidence, LeadDetail } from '../../../api-contract.ts';
import { timeText } from '../../lib/format.ts';
import { captureKindLabel } from '../../lib/labels.ts';

/**
 * The `Consent` panel: the lead's consent to be contacted (its latest capture's, or "no" once
 * any capture asked not to be contacted), then its history: each capture's own evidence, oldest
 * first, as the visitor gave it (the box on the widget's card and its exact sentence, what the
 * assistant heard, the recording disclosure they agreed to).
 */
export function ConsentSection({ lead }: { lead: LeadDetail }) {
  const { consent } = lead;
  const latest = consent.history.at(-1) ?? null;
  const kindOf = new Map(lead.captures.map((capture) => [capture.id, capture.kind]));
  return (
    <section className="panel" aria-labelledby="consent-title">
      <h2 id="consent-title">Consent</h2>
      <dl className="facts">
        <dt>Consent to contact</dt>
        <dd>
          {consent.doNotContact
            ? 'No: asked not to be contacted'
            : consent.consentToContact
              ? 'Yes'
              : 'Not given'}
          {latest ? (
            <>
              {' '}
              (latest, <time dateTime={latest.at}>{timeText(latest.atText)}</time>)
            </>
          ) : null}
        </dd>
      </dl>
      <h3 id="consent-history-title">History</h3>
      {consent.history.length === 0 ? (
        <p className="muted">No consent was recorded for this lead.</p>
      ) : (
        <ol className="consent-history" aria-labelledby="consent-history-title">
          {consent.history.map((evidence, i) => (
            <EvidenceItem
              key={evidence.captureId}
              evidence={evidence}
              kind={kindOf.get(evidence.captureId)}
              // The disclosure's words once per version: the same sentence again says nothing new.
              showText={evidence.version !== consent.history[i - 1]?.version}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function EvidenceItem({
  evidence,
  kind,
  showText,
}: {
  evidence: ConsentEvidence;
  kind: 'lead' | 'viewing-request' | undefined;
  showText: boolean;
}) {
  return (
    <li className="consent-evidence">
      <p className="consent-when">
        <strong>{kind ? captureKindLabel(kind) : 'Capture'}</strong>,{' '}
        <time dateTime={evidence.at}>{timeText(evidence.atText)}</time>
      </p>
      <dl className="facts">
        <dt>Box on the card</dt>
        <dd>{evidence.consentToContact ? 'Ticked' : 'Not ticked'}</dd>
        {evidence.contact ? (
          <>
            <dt>Agreed to</dt>
            <dd>
              <q>{evidence.contact.text}</q> (<code>{evidence.contact.version}</code>),{' '}
              <time dateTime={evidence.contact.givenAt}>
                {timeText(evidence.contact.givenAtText)}
              </time>
            </dd>
          </>
        ) : null}
        <dt>Heard by the assistant</dt>
        <dd>
          {evidence.spokenConsent === null ? 'Not asked' : evidence.spokenConsent ? 'Yes' : 'No'}
        </dd>
        {evidence.doNotContact ? (
          <>
            <dt>Do not contact</dt>
            <dd>The visitor asked not to be contacted again</dd>
          </>
        ) : null}
        <dt>Recording disclosure</dt>
        <dd>
          {evidence.version === null && evidence.text === null ? (
            'None recorded'
          ) : (
            <>
              <code>{evidence.version ?? '—'}</code>
              {evidence.acceptedAt ? (
                <>
                  , agreed{' '}
                  <time dateTime={evidence.acceptedAt}>{timeText(evidence.acceptedAtText)}</time>
                </>
              ) : null}
            </>
          )}
        </dd>
      </dl>
      {showText && evidence.text ? (
        <blockquote className="disclosure">
          <p>{evidence.text}</p>
        </blockquote>
      ) : null}
    </li>
  );
}
