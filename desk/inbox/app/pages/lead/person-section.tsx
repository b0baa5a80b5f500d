import type { LeadDetail } from '../../../api-contract.ts';
import { nameOf } from '../../lib/labels.ts';

/**
 * The `Person` panel: who the visitor is, how to reach them, and whether they may be contacted
 * (the lead's consent: the latest capture's, or "no" once any capture asked not to be).
 */
export function PersonSection({ lead }: { lead: LeadDetail }) {
  const { person, consent } = lead;
  return (
    <section className="panel" aria-labelledby="person-title">
      <h2 id="person-title">Person</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{nameOf(person.name)}</dd>
        <dt>Phone</dt>
        <dd>
          {person.phone ? (
            <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
          ) : (
            '—'
          )}
        </dd>
        <dt>Email</dt>
        <dd>
          {person.email ? <a href={`mailto:${encodeURI(person.email)}`}>{person.email}</a> : '—'}
        </dd>
        <dt>May be contacted</dt>
        <dd>
          {consent.doNotContact
            ? 'No: asked not to be contacted'
            : consent.consentToContact
              ? 'Yes'
              : 'Not asked or no'}
        </dd>
      </dl>
    </section>
  );
}
