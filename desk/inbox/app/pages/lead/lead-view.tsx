import type { LeadDetail } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { timeText } from '../../lib/format.ts';
import { nameOf, statusClass } from '../../lib/labels.ts';
import { pageHref } from '../../lib/routes.ts';
import { ActionsSection } from './actions-section.tsx';
import { CapturesSection } from './captures-section.tsx';
import { ClaimField } from './claim-field.tsx';
import { ConsentSection } from './consent-section.tsx';
import { ConversationsSection } from './conversations-section.tsx';
import { DeliveriesSection } from './deliveries-section.tsx';
import { NotesSection } from './notes-section.tsx';
import { PersonRightsSection } from './person-rights-section.tsx';
import { PersonSection } from './person-section.tsx';
import { TimelineSection } from './timeline-section.tsx';
import { ViewingsSection } from './viewings-section.tsx';

/**
 * A loaded lead, one person: breadcrumb, heading with status, first arrival and last activity;
 * who they are, what they asked for, what they said and agreed to in the main column; the
 * actions, notes, deliveries and timeline beside them.
 */
export function LeadView({
  lead,
  onChange,
  onStale,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
  /** The desk knows newer than what is shown (a claim lost to someone else): ask again. */
  onStale: () => void;
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
          {lead.demo ? <span className="badge badge-demo">Demo</span> : null}
          <span>
            Received <time dateTime={lead.receivedAt}>{timeText(lead.receivedAtText)}</time>
          </span>
          <span>
            Last activity{' '}
            <time dateTime={lead.lastActivityAt}>{timeText(lead.lastActivityAtText)}</time>
          </span>
        </p>
        <ClaimField lead={lead} onChange={onChange} onStale={onStale} />
      </div>
      <div className="lead-grid">
        <div className="lead-main">
          <PersonSection lead={lead} />
          <ViewingsSection lead={lead} />
          <CapturesSection lead={lead} />
          <ConversationsSection lead={lead} />
          <ConsentSection lead={lead} />
        </div>
        <div className="lead-side">
          <ActionsSection lead={lead} onChange={onChange} />
          <NotesSection lead={lead} />
          <DeliveriesSection lead={lead} onChange={onChange} />
          <TimelineSection lead={lead} />
          <PersonRightsSection lead={lead} />
        </div>
      </div>
    </article>
  );
}
