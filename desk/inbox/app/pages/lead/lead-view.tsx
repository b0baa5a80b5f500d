import type { LeadDetail } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { longDateTime } from '../../lib/format.ts';
import { kindLabel, nameOf, statusClass } from '../../lib/labels.ts';
import { pageHref } from '../../lib/routes.ts';
import { useSession } from '../../lib/session.ts';
import { ActionsSection } from './actions-section.tsx';
import { ActivitySection } from './activity-section.tsx';
import { ConsentSection } from './consent-section.tsx';
import { ConversationSection } from './conversation-section.tsx';
import { DeliveriesSection } from './deliveries-section.tsx';
import { ListingSection } from './listing-section.tsx';
import { PersonSection } from './person-section.tsx';

/**
 * A loaded lead: breadcrumb, heading with status, kind and arrival time, the lead's panels in the
 * main column and its actions, deliveries and activity beside them.
 */
export function LeadView({
  lead,
  onChange,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
}) {
  const session = useSession();
  const tz = session.timeZone;
  const name = nameOf(lead.person.name);
  return (
    <article className="lead">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={pageHref('leads')}>All leads</Link>
      </nav>
      <div className="lead-head">
        <PageHeading title={name} />
        <p className="lead-meta">
          <span className={statusClass(lead.status)}>{lead.status}</span>
          <span>{kindLabel(lead.kind)}</span>
          {lead.demo ? <span className="badge badge-demo">Demo</span> : null}
          <span>
            Received <time dateTime={lead.receivedAt}>{longDateTime(lead.receivedAt, tz)}</time>
          </span>
        </p>
      </div>
      <div className="lead-grid">
        <div className="lead-main">
          <PersonSection lead={lead} />
          <ListingSection lead={lead} timeZone={tz} />
          <ConversationSection lead={lead} />
          <ConsentSection lead={lead} timeZone={tz} />
        </div>
        <div className="lead-side">
          <ActionsSection lead={lead} onChange={onChange} />
          <DeliveriesSection lead={lead} onChange={onChange} />
          <ActivitySection lead={lead} timeZone={tz} />
        </div>
      </div>
    </article>
  );
}
