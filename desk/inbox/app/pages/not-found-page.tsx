import { Link } from '../components/link.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { pageHref } from '../lib/routes.ts';

/** A lead that does not exist, or is not this agent's, and any unknown inbox address. */
export function NotFoundPage({ title }: { title: string }) {
  return (
    <section className="not-found">
      <PageHeading title={title} />
      <p>It may have been removed, or it is not one of the leads you can see.</p>
      <p>
        <Link href={pageHref('leads')}>Back to all leads</Link>
      </p>
    </section>
  );
}
