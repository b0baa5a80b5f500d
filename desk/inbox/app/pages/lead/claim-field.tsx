import { useState } from 'react';
import { API, type LeadDetail } from '../../../api-contract.ts';
import { announce } from '../../lib/announcements.ts';
import { InboxApiError, request } from '../../lib/api.ts';
import { timeText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { failureText } from './save-failure.ts';

/**
 * The lead's claim (issue 27 §2): `Claim` for its agent or a broker while no one holds it, then
 * "Claimed by Daniel Okafor, <time>". A lost race shows the desk's "Daniel claimed this lead" in
 * the alert region, which stays while the page shows the winner.
 */
export function ClaimField({
  lead,
  onChange,
  onStale,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
  onStale: () => void;
}) {
  const session = useSession();
  const [claiming, setClaiming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = lead.assignedTo.email?.toLowerCase() === session.user.email.toLowerCase();
  const mayClaim = session.user.role === 'broker' || mine;

  async function claim(): Promise<void> {
    setClaiming(true);
    setError(null);
    try {
      const answer = await request(API.claim, { params: { id: lead.id } });
      onChange({
        ...lead,
        claimedBy: {
          name: answer.claimedBy.name,
          email: session.user.email,
          at: answer.claimedAt,
          atText: answer.claimedAtText,
        },
      });
      announce('Claimed: the lead is yours.');
    } catch (caught) {
      // Someone else was quicker: the desk names them ("Daniel claimed this lead"), and the
      // page asks again so it shows their claim even if the live stream is down.
      const lost = caught instanceof InboxApiError && caught.code === 'claimed';
      setError(lost ? caught.message : failureText(caught));
      if (lost) {
        onStale();
      }
    } finally {
      setClaiming(false);
    }
  }

  const holder = lead.claimedBy;
  return (
    <div className="claim">
      {holder ? (
        <p className="claim-holder">
          Claimed by <strong>{holder.name ?? holder.email ?? 'someone'}</strong>,{' '}
          <time dateTime={holder.at}>{timeText(holder.atText)}</time>
        </p>
      ) : (
        <p className="claim-holder">
          <span className="badge badge-unclaimed">Unclaimed</span>
          {mayClaim ? (
            <button
              type="button"
              className="button button-primary"
              onClick={claim}
              disabled={claiming}
            >
              Claim
            </button>
          ) : null}
        </p>
      )}
      <div role="alert" className="form-error">
        {error}
      </div>
    </div>
  );
}
