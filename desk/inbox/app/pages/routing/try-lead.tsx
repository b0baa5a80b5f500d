import { type FormEvent, useState } from 'react';
import { API, type RoutingSample } from '../../../../inbox/api-contract.ts';
import type { RoutingDecision, RoutingRule } from '../../../../routing/rules-contract.ts';
import { InboxApiError, request } from '../../lib/api.ts';
import { ruleRef, skippedText } from '../../lib/routing-words.ts';

/** The sample's text fields (all but its kind and time). */
type TextField = Exclude<keyof RoutingSample, 'kind' | 'at'>;

const TEXT_FIELDS: { name: TextField; label: string }[] = [
  { name: 'listingId', label: 'Listing id' },
  { name: 'listingAgent', label: 'Listing agent' },
  { name: 'address', label: 'Address' },
  { name: 'price', label: 'Price' },
  { name: 'language', label: 'Language code' },
  { name: 'pagePath', label: 'Page path' },
  { name: 'source', label: 'Source' },
];

/** The form's sample: empty fields left out; the time, typed in this computer's zone, as ISO. */
function sampleOf(data: FormData): RoutingSample {
  const sample: RoutingSample = { kind: data.get('kind') === 'viewing' ? 'viewing' : 'lead' };
  for (const { name } of TEXT_FIELDS) {
    const value = String(data.get(name) ?? '').trim();
    if (value !== '') {
      sample[name] = value;
    }
  }
  const at = String(data.get('at') ?? '');
  const time = at === '' ? Number.NaN : new Date(at).getTime();
  if (Number.isFinite(time)) {
    sample.at = new Date(time).toISOString();
  }
  return sample;
}

/**
 * "Try a lead": a sample lead sent with the rules as they stand on the page (saved or not) and
 * who would get it, by which rule, and who was skipped on the way. It moves no round-robin turn.
 */
export function TryLead({ draft }: { draft: readonly RoutingRule[] | null }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RoutingDecision | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) {
      return;
    }
    setBusy(true);
    setError(null);
    const body = { sample: sampleOf(new FormData(event.currentTarget)) };
    try {
      setAnswer(
        await request(API.tryRouting, {
          body: draft === null ? body : { ...body, rules: [...draft] },
        }),
      );
    } catch (caught) {
      setAnswer(null);
      setError(
        caught instanceof InboxApiError
          ? caught.message
          : 'The desk is not answering. Check the connection and try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel try-lead" aria-labelledby="try-title">
      <h2 id="try-title">Try a lead</h2>
      <p className="hint">
        {draft === null
          ? 'Tried with the saved rules.'
          : 'Tried with the rules on this page, unsaved changes included.'}{' '}
        Leave a field empty when the lead does not say it.
      </p>
      <form className="try-form" aria-labelledby="try-title" onSubmit={submit}>
        <div className="field">
          <label htmlFor="try-kind">Kind</label>
          <select id="try-kind" name="kind" defaultValue="lead">
            <option value="lead">Details left</option>
            <option value="viewing">Viewing request</option>
          </select>
        </div>
        {TEXT_FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`try-${f.name}`}>{f.label}</label>
            <input id={`try-${f.name}`} name={f.name} autoComplete="off" />
          </div>
        ))}
        <div className="field">
          <label htmlFor="try-at">Arrives at</label>
          <input id="try-at" name="at" type="datetime-local" aria-describedby="try-at-hint" />
          <span id="try-at-hint" className="hint">
            In this computer’s time zone. Empty: now.
          </span>
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Try it
        </button>
      </form>
      <div role="alert" className="form-error">
        {error}
      </div>
      <div className="try-answer" role="status">
        {answer === null ? null : (
          <>
            <p>
              <strong>{answer.agent.name}</strong>, by {ruleRef(answer)}
            </p>
            {answer.skipped.length > 0 ? <p>Skipped: {skippedText(answer)}</p> : null}
          </>
        )}
      </div>
    </section>
  );
}
