import { type ReactElement, useLayoutEffect, useRef } from 'react';
import { fillText, VIEW_TEXTS } from '../element/texts.ts';
import type { ConversationSnapshot } from './conversation-store.ts';
import { formatCallLength, type Speaker } from './transcript-merge.ts';

/** How the transcript is laid out: the panel's log, inline's latest line, fullscreen subtitles. */
export type TranscriptVariant = 'log' | 'latest' | 'subtitles';

const SHOWN: Record<TranscriptVariant, number> = {
  log: Number.POSITIVE_INFINITY,
  latest: 1,
  subtitles: 2,
};

/** Within this many pixels of the bottom, the log follows new lines; further up, it stays put. */
const STICK_PX = 24;

interface TranscriptLogProps {
  conversation: ConversationSnapshot;
  assistantName: string;
  variant: TranscriptVariant;
}

function speakerName(role: Speaker, assistantName: string): string {
  return role === 'assistant' ? assistantName : VIEW_TEXTS.you;
}

/**
 * The captions: a region with role `log` named Transcript. Lines are text nodes (never HTML);
 * a partial line is replaced in place by its final line. The log itself is not live (partial
 * words would be read out as they change): a separate polite region reads each turn's final
 * lines once (see `ConversationStore`). After the call, its length stays under the lines until
 * the next call starts.
 */
export function TranscriptLog({
  conversation,
  assistantName,
  variant,
}: TranscriptLogProps): ReactElement {
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const { lines, endedAfterMs, announcement } = conversation;
  const shown = lines.slice(-SHOWN[variant]);

  // Newest at the bottom, unless the visitor scrolled up to read: then the position stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run after each new or changed line, which the effect reads from the DOM rather than from `lines`.
  useLayoutEffect(() => {
    const box = log.current;
    if (box && variant === 'log' && stick.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [lines, variant]);

  const onScroll = (): void => {
    const box = log.current;
    if (box) {
      stick.current = box.scrollHeight - box.scrollTop - box.clientHeight <= STICK_PX;
    }
  };

  return (
    <>
      <div
        ref={log}
        className={`transcript transcript--${variant}`}
        part="transcript"
        role="log"
        aria-label={VIEW_TEXTS.transcript}
        aria-live="off"
        // A scrollable region must be reachable by keyboard to be read (axe scrollable-region-focusable).
        tabIndex={variant === 'log' && shown.length > 0 ? 0 : undefined}
        onScroll={variant === 'log' ? onScroll : undefined}
      >
        {shown.map((line) => (
          <p
            key={line.id}
            className={`line line--${line.role}${line.final ? '' : ' line--partial'}`}
            part="transcript-line"
          >
            <span className="who">{speakerName(line.role, assistantName)}</span>{' '}
            <span className="said">{line.text}</span>
          </p>
        ))}
      </div>
      {endedAfterMs === null ? null : (
        <p className="call-length" part="call-length">
          {fillText(VIEW_TEXTS.callEndedAfter, { time: formatCallLength(endedAfterMs) })}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement
          ? `${speakerName(announcement.role, assistantName)}: ${announcement.text}`
          : ''}
      </p>
    </>
  );
}
