import { useEffect } from 'react';
import { API } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { InboxApiError } from '../lib/api.ts';
import { navigate } from '../lib/navigation.ts';
import { type PageParams, pageHref } from '../lib/routes.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';
import { useLive } from '../lib/use-live.ts';
import { LeadView } from './lead/lead-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * The lead page at `/leads/:id`: loads the lead, then shows it, a not-found page, or a message
 * that the desk did not answer. A merged lead's id (or an old capture's) answers the lead it now
 * belongs to, and the address moves to that lead's, so a reload or a shared link shows it too.
 * The page is live: it asks again when the desk reports a change to the lead.
 */
export default function LeadPage({ params }: { params: PageParams<'lead'> }) {
  const lead = useInboxData(API.lead, { params });
  const survivor = lead.data !== null && lead.data.id !== params.id ? lead.data.id : null;
  const shownId = lead.data?.id ?? params.id;
  // A change to this lead (a claim, an escalation, someone else's edit) shows without a reload;
  // a reconnection (no ids) may have missed one, so it asks too.
  useLive((ids) => {
    if (ids.length === 0 || ids.includes(shownId) || ids.includes(params.id)) {
      lead.retry();
    }
  });

  useEffect(() => {
    if (survivor !== null) {
      navigate(pageHref('lead', { id: survivor }), { replace: true });
    }
  }, [survivor]);

  const gone = lead.error instanceof InboxApiError && lead.error.status === 404;
  // A live refresh that failed keeps the lead on screen; the next change asks again. A 404
  // (the lead escalated away from this agent, say) is the not-found page either way.
  if (lead.status === 'failed' && (gone || lead.data === null)) {
    return gone ? (
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
  return <LeadView lead={lead.data} onChange={lead.set} onStale={lead.retry} />;
}
