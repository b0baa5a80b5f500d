import type { LeadDetail } from '../../../api-contract.ts';
import { nameOf } from '../../lib/labels.ts';
import { Fact } from './fact.tsx';

/** The fields shown under Person besides name, phone and email, in this order. */
const FIELD_LABELS: Record<string, string> = {
  intent: 'Intent',
  timeframe: 'Timeframe',
  budget: 'Budget',
  notes: "Visitor's notes",
};

/** The `Person` panel: who the visitor is, how to reach them, and what they told the assistant. */
export function PersonSection({ lead }: { lead: LeadDetail }) {
  const { person, fields } = lead;
  const extra = Object.entries(FIELD_LABELS).flatMap(([key, label]) => {
    const value = fields[key];
    return typeof value === 'string' || typeof value === 'number'
      ? [{ key, label, value: String(value) }]
      : [];
  });
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
        {extra.map((field) => (
          <Fact key={field.key} label={field.label} value={field.value} />
        ))}
        <dt>May be contacted</dt>
        <dd>
          {lead.consent.doNotContact
            ? 'No: asked not to be contacted'
            : lead.consent.consentToContact
              ? 'Yes'
              : 'Not asked or no'}
        </dd>
      </dl>
    </section>
  );
}
