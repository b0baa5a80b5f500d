import type { ClaimRow, Numbers } from '../../../api-contract.ts';
import { percent, span } from '../../lib/format.ts';

function minutes(value: number | null): string {
  return span(value === null ? null : value * 60);
}

/**
 * Time to claim (issue 27 §2): of the period's new leads, how many were claimed, how many within
 * the team's `claimMinutes`, and how long a claim took, in total and by the agent who claimed.
 * A table only: the agents' counts add up to the total's, which the last row says.
 */
export function ClaimSection({ claims }: { claims: Numbers['timeToClaim'] }) {
  const { total, byAgent, claimMinutes } = claims;
  const within = `Claimed within ${claimMinutes} min`;
  const cells = (row: ClaimRow) => (
    <>
      <td>{row.claimed}</td>
      <td>{row.claimedWithin}</td>
      <td>{percent(row.claimedWithinShare)}</td>
      <td>{minutes(row.medianMinutes)}</td>
      <td>{minutes(row.p90Minutes)}</td>
    </>
  );
  return (
    <section className="group" aria-labelledby="claims-title">
      <h2 id="claims-title">Time to claim</h2>
      <p className="muted">
        {total.leads - total.claimed} of {total.leads} new leads not claimed yet.
      </p>
      <div className="table-scroll">
        <table className="data-table numbers-table">
          <caption>Time to claim, by the agent who claimed</caption>
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Claimed</th>
              <th scope="col">{within}</th>
              <th scope="col">Share within {claimMinutes} min</th>
              <th scope="col">Time to claim (median)</th>
              <th scope="col">Time to claim (p90)</th>
            </tr>
          </thead>
          <tbody>
            {byAgent.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.key}</th>
                {cells(row)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All new leads ({total.leads})</th>
              {cells(total)}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
