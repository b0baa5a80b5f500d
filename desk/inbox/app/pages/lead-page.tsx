import { useEffect, useState } from 'react';
import type { LeadDetail } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { ApiError, api, isAbort } from '../lib/api.ts';
import { LeadView } from './lead/lead-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; lead: LeadDetail };

/**
 * The lead detail page at `/leads/:id`: loads the lead, then shows it, a not-found page, or a
 * message that the desk did not answer.
 */
export function LeadPage({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api<LeadDetail>(`leads/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (lead) => setLoaded({ status: 'ready', lead }),
      (error: unknown) => {
        if (isAbort(error)) {
          return;
        }
        setLoaded({
          status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed',
        });
      },
    );
    return () => controller.abort();
  }, [id]);

  switch (loaded.status) {
    case 'loading':
      return <p role="status">Loading the lead…</p>;
    case 'missing':
      return <NotFoundPage title="Lead not found" />;
    case 'failed':
      return (
        <section>
          <PageHeading title="The lead could not be loaded" />
          <p>The desk did not answer. Reload the page to try again.</p>
        </section>
      );
    default:
      return (
        <LeadView lead={loaded.lead} onChange={(lead) => setLoaded({ status: 'ready', lead })} />
      );
  }
}
