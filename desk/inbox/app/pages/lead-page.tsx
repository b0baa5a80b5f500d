import { API } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { InboxApiError } from '../lib/api.ts';
import type { PageParams } from '../lib/routes.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';
import { LeadView } from './lead/lead-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The lead detail page at `/leads/:id`: loads the lead, then shows it, a not-found page, or a
 * message that the desk did not answer.
 */
export default function LeadPage({ params }: { params: PageParams<'lead'> }) {
  const lead = useInboxData(API.lead, { params });

  if (lead.status === 'failed') {
    return lead.error instanceof InboxApiError && lead.error.status === 404 ? (
      <NotFoundPage title="Lead not found" />
    ) : (
      <section>
        <PageHeading title="The lead could not be loaded" />
        <p>The desk did not answer. Reload the page to try again.</p>
      </section>
    );
  }
  if (lead.data === null) {
    return <p role="status">Loading the lead…</p>;
  }
  return <LeadView lead={lead.data} onChange={lead.set} />;
}
