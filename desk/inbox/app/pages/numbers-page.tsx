import { lazy, Suspense } from 'react';
import { API } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { navigate, useLocation } from '../lib/navigation.ts';
import { pageHref } from '../lib/routes.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';

// The charts bring Chart.js: they download when the numbers are first shown.
const NumbersView = lazy(() => import('./numbers/numbers-view.tsx'));

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

function periodOf(search: string): Period {
  const days = Number(new URLSearchParams(search).get('days'));
  return PERIODS.find((p) => p === days) ?? 30;
}

/** The landing page's promised figures for a period: as charts and as tables of the same numbers. */
export default function NumbersPage() {
  const { search } = useLocation();
  const days = periodOf(search);
  const numbers = useInboxData(API.numbers, { query: { days: `${days}` } });
  const error = numbers.status === 'failed' ? 'The numbers could not be loaded. Try again.' : null;
  const current = numbers.data?.days === days ? numbers.data : null;
  return (
    <>
      <PageHeading title="Numbers" />
      <fieldset className="period">
        <legend>Period</legend>
        {PERIODS.map((p) => (
          <label key={p} className="period-option">
            <input
              type="radio"
              name="period"
              value={p}
              checked={p === days}
              onChange={() => navigate(pageHref('numbers', {}, `days=${p}`), { replace: true })}
            />
            Last {p} days
          </label>
        ))}
      </fieldset>
      <p className="list-status" role="status">
        {error ??
          (current ? `From ${current.fromText} to ${current.toText}.` : 'Loading the numbers…')}
      </p>
      {current ? (
        <Suspense fallback={<p className="muted">Loading the figures…</p>}>
          <NumbersView numbers={current} />
        </Suspense>
      ) : null}
    </>
  );
}
