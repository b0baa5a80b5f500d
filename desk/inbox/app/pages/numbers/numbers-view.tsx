import { type ReactNode, useMemo } from 'react';
import type { Numbers, NumbersRow } from '../../../api-contract.ts';
import { BarChart, type BarSeries } from '../../components/bar-chart.tsx';
import { percent, span } from '../../lib/format.ts';
import { ClaimSection } from './claim-section.tsx';

// Speed to lead is the agents' figure: the desk keeps it in total and by agent only.
const GROUPS = [
  { key: 'byListing', title: 'By listing', column: 'Listing', speed: false },
  { key: 'byPage', title: 'By page', column: 'Page', speed: false },
  { key: 'byAgent', title: 'By agent', column: 'Agent', speed: true },
  { key: 'bySource', title: 'By source', column: 'Source', speed: false },
] as const;

/**
 * The numbers of a period as figures, bar charts and tables of the same numbers. It brings
 * Chart.js, so the numbers page loads it lazily: the first load of the inbox stays small.
 */
export default function NumbersView({ numbers }: { numbers: Numbers }) {
  const { total } = numbers;
  return (
    <>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title">Last {numbers.days} days</h2>
        <dl className="figures">
          <Figure label="Conversations" value={String(total.conversations)}>
            {total.calls} calls, {total.chats} chats
          </Figure>
          <Figure label="New leads" value={String(total.newLeads)}>
            {total.captures} captures
          </Figure>
          <Figure label="Conversion rate" value={percent(total.conversionRate)}>
            new leads ÷ conversations
          </Figure>
          <Figure label="Speed to lead (median)" value={span(total.speedToLeadMedianSeconds)} />
          <Figure label="Speed to lead (p90)" value={span(total.speedToLeadP90Seconds)} />
          <Figure label="Viewings requested" value={String(total.viewingsRequested)} />
          <Figure
            label={`Claimed within ${numbers.timeToClaim.claimMinutes} min`}
            value={percent(numbers.timeToClaim.total.claimedWithinShare)}
          >
            of new leads
          </Figure>
        </dl>
      </section>
      <ClaimSection claims={numbers.timeToClaim} />
      {GROUPS.map((group) => (
        <GroupSection
          key={group.key}
          id={group.key}
          title={group.title}
          column={group.column}
          speed={group.speed}
          rows={numbers[group.key] ?? []}
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
  speed: withSpeed,
  rows,
}: {
  id: string;
  title: string;
  column: string;
  speed: boolean;
  rows: NumbersRow[];
}) {
  const labels = useMemo(() => rows.map((r) => r.key), [rows]);
  const counts = useMemo<BarSeries[]>(
    () => [
      { label: 'Conversations', values: rows.map((r) => r.conversations) },
      { label: 'New leads', values: rows.map((r) => r.newLeads) },
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
              <figcaption>Conversations, new leads, captures and viewings requested</figcaption>
              <BarChart
                labels={labels}
                series={counts}
                summary={`Bar chart, ${title.toLowerCase()}: ${describe(labels, counts)}.`}
              />
            </figure>
            {withSpeed ? (
              <figure>
                <figcaption>Speed to lead, in minutes</figcaption>
                <BarChart
                  labels={labels}
                  series={speed}
                  unit="min"
                  summary={`Bar chart of speed to lead in minutes, ${title.toLowerCase()}: ${describe(labels, speed, ' min')}.`}
                />
              </figure>
            ) : null}
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
                  <th scope="col">New leads</th>
                  <th scope="col">Captures</th>
                  <th scope="col">Conversion rate</th>
                  {withSpeed ? (
                    <>
                      <th scope="col">Speed to lead (median)</th>
                      <th scope="col">Speed to lead (p90)</th>
                    </>
                  ) : null}
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
                    <td>{row.newLeads}</td>
                    <td>{row.captures}</td>
                    <td>{percent(row.conversionRate)}</td>
                    {withSpeed ? (
                      <>
                        <td>{span(row.speedToLeadMedianSeconds)}</td>
                        <td>{span(row.speedToLeadP90Seconds)}</td>
                      </>
                    ) : null}
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
