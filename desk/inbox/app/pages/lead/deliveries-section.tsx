import { useState } from 'react';
import { API, type LeadDetail } from '../../../api-contract.ts';
import { announce } from '../../components/announcer.tsx';
import { request } from '../../lib/api.ts';
import { failureText } from './save-failure.ts';

/**
 * The `Deliveries` panel: each adapter the lead was sent to, its state and attempts, and a
 * `Retry <adapter>` button for a failed one; `onChange` receives the lead after a retry.
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

  async function retry(id: string, adapter: string): Promise<void> {
    setRetrying(id);
    setError(null);
    try {
      onChange(await request(API.retryDelivery, { params: { id } }));
      announce(`Saved: ${adapter} delivery queued again.`);
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
              <span className="delivery-adapter">{delivery.adapter}</span>
              <span className={`delivery-status delivery-${delivery.status}`}>
                {delivery.status === 'dead'
                  ? 'Failed'
                  : delivery.status === 'delivered'
                    ? 'Delivered'
                    : 'Pending'}
              </span>
              <span className="muted">
                {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              {delivery.lastError ? <span className="hint">{delivery.lastError}</span> : null}
              {delivery.status === 'dead' ? (
                <button
                  type="button"
                  className="button"
                  disabled={retrying === delivery.id}
                  aria-label={`Retry ${delivery.adapter}`}
                  onClick={() => retry(delivery.id, delivery.adapter)}
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
