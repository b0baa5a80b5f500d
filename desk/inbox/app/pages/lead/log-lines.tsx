import { timeText } from '../../lib/format.ts';

/** One line of a lead's log: when (the desk's text), who, what. */
export interface LogLine {
  key: string;
  at: string;
  atText: string;
  by: string;
  text: string;
  className?: string;
}

/** A lead's log (its notes, its timeline) as an ordered list, oldest first. */
export function LogLines({ lines, empty }: { lines: readonly LogLine[]; empty: string }) {
  if (lines.length === 0) {
    return <p className="muted">{empty}</p>;
  }
  return (
    <ol className="activity">
      {lines.map((line) => (
        <li key={line.key} className={line.className}>
          <time dateTime={line.at}>{timeText(line.atText)}</time>
          <span className="activity-by">{line.by}</span>
          <span className="activity-text">{line.text}</span>
        </li>
      ))}
    </ol>
  );
}
