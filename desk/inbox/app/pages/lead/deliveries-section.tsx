import { useState } from 'react';
import { API, type LeadDelivery, type LeadDetail } from '../../../api-contract.ts';
import { announce } from '../../lib/announcements.ts';
import { request } from '../../lib/api.ts';
import { failureText } from './save-failure.ts';

/** A job's state in words: sent, queued, retrying (and when next), or failed. */
function stateText(delivery: LeadDelivery): string {
  switch (delivery.state) {
    case 'sent':
      return 'Sent';
    case 'dead':
      return 'Failed';
    case 'retrying':
      return delivery.nextTryAtText === null
        ? 'Retrying'
        : `Retrying, next try ${delivery.nextTryAtText}`;
    default:
      return 'Queued';
  }
}

/**
 * The `Deliveries` panel: every job about the lead (each capture's alerts, an escalation's or a
 * reassignment's, and the updates that follow when the conversation ends), named by the desk in
 * words, with its state and a `Retry` button for a dead one (its accessible name names the job);
 * `onChange` receives the lead after a retry.
 */
export function DeliveriesSection({
  lead,
  onChange,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
}) {
  const [retrying, setRetrying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function retry(id: string, name: string): Promise<void> {
    setRetrying(id);
    setError(null);
    try {
      onChange(await request(API.retryDelivery, { params: { id } }));
      announce(`Saved: ${name} queued again.`);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      {lead.deliveries.length === 0 ? (
        <p className="muted">No deliveries for this lead.</p>
      ) : (
        <ul className="deliveries">
          {lead.deliveries.map((delivery) => (
            <li key={delivery.id}>
              <span className="delivery-name">{delivery.name}</span>
              <span className={`delivery-status delivery-${delivery.status}`}>
                {stateText(delivery)}
              </span>
              {delivery.sentAtText === null ? null : (
                <span className="muted">{delivery.sentAtText}</span>
              )}
              {delivery.state === 'sent' ? null : (
                <span className="muted">
                  {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
              )}
              {delivery.lastError && delivery.state !== 'sent' ? (
                <span className="hint">{delivery.lastError}</span>
              ) : null}
              {delivery.status === 'dead' ? (
                <button
                  type="button"
                  className="button"
                  disabled={retrying === delivery.id}
                  aria-label={`Retry ${delivery.name}`}
                  onClick={() => retry(delivery.id, delivery.name)}
                >
                  Retry
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div role="alert" className="form-error">
        {error}
      </div>
    </section>
  );
}
