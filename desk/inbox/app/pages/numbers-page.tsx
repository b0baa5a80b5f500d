import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Numbers, NumbersRow } from '../../api-contract.ts';
import { BarChart, type BarSeries } from '../components/bar-chart.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { api, isAbort } from '../lib/api.ts';
import { percent, span } from '../lib/format.ts';
import { navigate, useLocation } from '../lib/navigation.ts';
import { hrefs } from '../lib/routes.ts';

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

function periodOf(search: string): Period {
  const days = Number(new URLSearchParams(search).get('days'));
  return PERIODS.find((p) => p === days) ?? 30;
}

const GROUPS = [
  { key: 'byListing', title: 'By listing', column: 'Listing' },
  { key: 'byPage', title: 'By page', column: 'Page' },
  { key: 'byAgent', title: 'By agent', column: 'Agent' },
] as const;

/** The landing page's promised figures for a period: as charts and as tables of the same numbers. */
export function NumbersPage() {
  const { search } = useLocation();
  const days = periodOf(search);
  const [numbers, setNumbers] = useState<Numbers | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    api<Numbers>(`numbers?days=${days}`, { signal: controller.signal }).then(
      (answer) => setNumbers(answer),
      (caught: unknown) => {
        if (!isAbort(caught)) {
          setError('The numbers could not be loaded. Try again.');
        }
      },
    );
    return () => controller.abort();
  }, [days]);

  const current = numbers?.days === days ? numbers : null;
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
              onChange={() => navigate(`${hrefs.numbers()}?days=${p}`, { replace: true })}
            />
            Last {p} days
          </label>
        ))}
      </fieldset>
      <p className="list-status" role="status">
        {error ??
          (current ? `From ${current.fromText} to ${current.toText}.` : 'Loading the numbers…')}
      </p>
      {current ? <NumbersView numbers={current} /> : null}
    </>
  );
}

function NumbersView({ numbers }: { numbers: Numbers }) {
  const { total } = numbers;
  return (
    <>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title">Last {numbers.days} days</h2>
        <dl className="figures">
          <Figure label="Conversations" value={String(total.conversations)}>
            {total.calls} calls, {total.chats} chats
          </Figure>
          <Figure label="Captures" value={String(total.captures)} />
          <Figure label="Conversion rate" value={percent(total.conversionRate)}>
            conversation to capture
          </Figure>
          <Figure label="Speed to lead (median)" value={span(total.speedToLeadMedianSeconds)} />
          <Figure label="Speed to lead (p90)" value={span(total.speedToLeadP90Seconds)} />
          <Figure label="Viewings requested" value={String(total.viewingsRequested)} />
        </dl>
      </section>
      {GROUPS.map((group) => (
        <GroupSection
          key={group.key}
          id={group.key}
          title={group.title}
          column={group.column}
          rows={numbers[group.key]}
        />
      ))}
    </>
  );
}

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>
        <span className="figure-value">{value}</span>
        {children ? <span className="figure-note">{children}</span> : null}
      </dd>
    </div>
  );
}

function minutes(seconds: number | null): number {
  return seconds === null ? 0 : Math.round((seconds / 60) * 10) / 10;
}

function describe(labels: string[], series: BarSeries[], unit = ''): string {
  return labels
    .map(
      (label, i) =>
        `${label}: ${series.map((s) => `${s.values[i]}${unit} ${s.label.toLowerCase()}`).join(', ')}`,
    )
    .join('; ');
}

function GroupSection({
  id,
  title,
  column,
  rows,
}: {
  id: string;
  title: string;
  column: string;
  rows: NumbersRow[];
}) {
  const labels = useMemo(() => rows.map((r) => r.key), [rows]);
  const counts = useMemo<BarSeries[]>(
    () => [
      { label: 'Conversations', values: rows.map((r) => r.conversations) },
      { label: 'Captures', values: rows.map((r) => r.captures) },
      { label: 'Viewings requested', values: rows.map((r) => r.viewingsRequested) },
    ],
    [rows],
  );
  const speed = useMemo<BarSeries[]>(
    () => [
      { label: 'Median', values: rows.map((r) => minutes(r.speedToLeadMedianSeconds)) },
      { label: 'p90', values: rows.map((r) => minutes(r.speedToLeadP90Seconds)) },
    ],
    [rows],
  );
  const titleId = `${id}-title`;
  return (
    <section className="group" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">No figures for this period.</p>
      ) : (
        <>
          <div className="charts">
            <figure>
              <figcaption>Conversations, captures and viewings requested</figcaption>
              <BarChart
                labels={labels}
                series={counts}
                summary={`Bar chart, ${title.toLowerCase()}: ${describe(labels, counts)}.`}
              />
            </figure>
            <figure>
              <figcaption>Speed to lead, in minutes</figcaption>
              <BarChart
                labels={labels}
                series={speed}
                unit="min"
                summary={`Bar chart of speed to lead in minutes, ${title.toLowerCase()}: ${describe(labels, speed, ' min')}.`}
              />
            </figure>
          </div>
          <div className="table-scroll">
            <table className="data-table numbers-table">
              <caption>{title}: the same numbers as the charts</caption>
              <thead>
                <tr>
                  <th scope="col">{column}</th>
                  <th scope="col">Conversations</th>
                  <th scope="col">Calls</th>
                  <th scope="col">Chats</th>
                  <th scope="col">Captures</th>
                  <th scope="col">Conversion rate</th>
                  <th scope="col">Speed to lead (median)</th>
                  <th scope="col">Speed to lead (p90)</th>
                  <th scope="col">Viewings requested</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.key}</th>
                    <td>{row.conversations}</td>
                    <td>{row.calls}</td>
                    <td>{row.chats}</td>
                    <td>{row.captures}</td>
                    <td>{percent(row.conversionRate)}</td>
                    <td>{span(row.speedToLeadMedianSeconds)}</td>
                    <td>{span(row.speedToLeadP90Seconds)}</td>
                    <td>{row.viewingsRequested}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
