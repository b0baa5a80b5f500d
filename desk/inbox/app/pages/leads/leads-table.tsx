import type { LeadListItem } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { timeText } from '../../lib/format.ts';
import { nameOf, statusClass } from '../../lib/labels.ts';
import { pageHref } from '../../lib/routes.ts';
import { minutesSince, useMinuteTick } from '../../lib/use-minute-tick.ts';

/**
 * The leads as a table, latest activity first. A New lead no one has claimed says so beside its
 * status, with the minutes since it arrived ("Unclaimed · 7 min", issue 27 §2).
 */
export function LeadsTable({ leads, busy }: { leads: LeadListItem[]; busy: boolean }) {
  const now = useMinuteTick();
  return (
    <table className="data-table leads-table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">Leads, latest activity first</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Listings</th>
          <th scope="col">Status</th>
          <th scope="col">Agent</th>
          <th scope="col">Last activity</th>
          <th scope="col">Next viewing</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id}>
            <td data-label="Name" className="cell-name">
              <span>
                <Link href={pageHref('lead', { id: lead.id })}>{nameOf(lead.name)}</Link>
                {lead.demo ? <span className="badge badge-demo">Demo</span> : null}
              </span>
            </td>
            <td data-label="Listings">
              {lead.listings.length === 0 ? (
                '—'
              ) : (
                <ul className="cell-listings">
                  {lead.listings.map((listing) => (
                    <li key={listing}>{listing}</li>
                  ))}
                </ul>
              )}
            </td>
            <td data-label="Status">
              <span className={statusClass(lead.status)}>{lead.status}</span>
              {lead.unclaimed && lead.status === 'New' ? (
                <span className="badge badge-unclaimed">
                  Unclaimed · {minutesSince(lead.receivedAt, now)} min
                </span>
              ) : null}
            </td>
            <td data-label="Agent">{lead.agent.name ?? lead.agent.email ?? 'Unassigned'}</td>
            <td data-label="Last activity">
              <time dateTime={lead.lastActivityAt}>{timeText(lead.lastActivityAtText)}</time>
            </td>
            <td data-label="Next viewing">
              {lead.nextViewing ? (
                <time dateTime={lead.nextViewing}>{timeText(lead.nextViewingText)}</time>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
