import { useState } from 'react';
import { API, type LeadDetail } from '../../../api-contract.ts';
import { announce } from '../../components/announcer.tsx';
import { request } from '../../lib/api.ts';
import { captureKindLabel } from '../../lib/labels.ts';
import { failureText } from './save-failure.ts';

/**
 * The `Deliveries` panel: each adapter each capture was sent to, its state and attempts, and a
 * `Retry <adapter>` button for a failed one (naming the capture when the adapter repeats, so
 * every button says which); `onChange` receives the lead after a retry.
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
  const captureOf = new Map(lead.captures.map((capture) => [capture.id, capture]));
  const adapters = lead.deliveries.map((delivery) => delivery.adapter);
  function deliveryName(delivery: LeadDetail['deliveries'][number]): string {
    const capture = captureOf.get(delivery.captureId);
    const repeated = adapters.indexOf(delivery.adapter) !== adapters.lastIndexOf(delivery.adapter);
    return repeated && capture
      ? `${delivery.adapter} for ${captureKindLabel(capture.kind).toLowerCase()}, ${capture.receivedAtText}`
      : delivery.adapter;
  }

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
              <span className="delivery-adapter">{deliveryName(delivery)}</span>
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
                  aria-label={`Retry ${deliveryName(delivery)}`}
                  onClick={() => retry(delivery.id, deliveryName(delivery))}
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
