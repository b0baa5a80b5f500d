import type { LeadDetail } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { timeText } from '../../lib/format.ts';
import { kindLabel, nameOf, statusClass } from '../../lib/labels.ts';
import { pageHref } from '../../lib/routes.ts';
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
            Received <time dateTime={lead.receivedAt}>{timeText(lead.receivedAtText)}</time>
          </span>
        </p>
      </div>
      <div className="lead-grid">
        <div className="lead-main">
          <PersonSection lead={lead} />
          <ListingSection lead={lead} />
          <ConversationSection lead={lead} />
          <ConsentSection lead={lead} />
        </div>
        <div className="lead-side">
          <ActionsSection lead={lead} onChange={onChange} />
          <DeliveriesSection lead={lead} onChange={onChange} />
          <ActivitySection lead={lead} />
        </div>
      </div>
    </article>
  );
}
