import { type ReactElement, useLayoutEffect, useRef } from 'react';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { ChatState } from '../session/chat/chat-state.ts';
import type { ConversationSnapshot } from '../session/conversation-store.ts';
import { formatCallLength, type Speaker } from '../session/transcript-merge.ts';
import { useUiServices } from './ui-services.ts';

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
  /** The typed lines (the chat box's), shown in the same log, marked as typed. */
  chat?: ChatState;
  /** Sends a failed typed line again. */
  onRetry?(id: number): void;
}

/** One line of the log: spoken (from the call's transcripts) or typed (from the chat box). */
interface LogItem {
  key: string;
  role: Speaker;
  text: string;
  at: number;
  partial: boolean;
  typed: boolean;
  /** The typed line's id when it failed to send (offered for retry). */
  failedId: number | null;
}

/** Spoken and typed lines in one list, by time (a stable sort keeps equal times in place). */
function mergeItems(conversation: ConversationSnapshot, chat: ChatState | undefined): LogItem[] {
  const spoken = conversation.lines.map<LogItem>((line) => ({
    key: `v${line.id}`,
    role: line.role,
    text: line.text,
    at: line.at,
    partial: !line.final,
    typed: false,
    failedId: null,
  }));
  const typed = (chat?.entries ?? []).map<LogItem>((entry) => ({
    key: `t${entry.id}`,
    role: entry.role,
    text: entry.text,
    at: entry.at,
    partial: entry.partial === true,
    typed: true,
    failedId: entry.status === 'failed' ? entry.id : null,
  }));
  return [...spoken, ...typed].sort((a, b) => a.at - b.at);
}

function speakerName(role: Speaker, assistantName: string, texts: WidgetTexts): string {
  if (role === 'sample-visitor') {
    return texts.sampleVisitor;
  }
  return role === 'assistant' ? assistantName : texts.you;
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
  chat,
  onRetry,
}: TranscriptLogProps): ReactElement {
  const { texts } = useUiServices();
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const { endedAfterMs, announcement } = conversation;
  const items = mergeItems(conversation, chat);
  const shown = items.slice(-SHOWN[variant]);
  // A streamed reply's partial line takes the typing indicator's place.
  const waiting = (chat?.waiting ?? false) && !chat?.entries.some((entry) => entry.partial);
  // The log is not live (see above), so a typed reply is read out here, once, when it is whole.
  const reply = chat?.entries.findLast((entry) => entry.role === 'assistant' && !entry.partial);

  // Newest at the bottom, unless the visitor scrolled up to read: then the position stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run after each new or changed line, which the effect reads from the DOM rather than from `lines`.
  useLayoutEffect(() => {
    const box = log.current;
    if (box && variant === 'log' && stick.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [items.length, shown, waiting, variant]);

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
        aria-label={texts.transcript}
        aria-live="off"
        // A scrollable region must be reachable by keyboard to be read (axe scrollable-region-focusable).
        tabIndex={variant === 'log' && shown.length > 0 ? 0 : undefined}
        onScroll={variant === 'log' ? onScroll : undefined}
      >
        {shown.map((line) => (
          <p
            key={line.key}
            className={`line line--${line.role}${line.partial ? ' line--partial' : ''}${line.typed ? ' line--typed' : ''}`}
            part="transcript-line"
            data-typed={line.typed ? 'true' : 'false'}
          >
            <span className="who">{speakerName(line.role, assistantName, texts)}</span>{' '}
            {line.typed ? <span className="typed-mark">{texts.typed}</span> : null}{' '}
            <span className="said">{line.text}</span>
            {line.failedId === null ? null : (
              <span className="chat-failed">
                {' '}
                {texts.notSent}{' '}
                <button
                  type="button"
                  className="chat-retry"
                  onClick={() => onRetry?.(line.failedId ?? 0)}
                >
                  {texts.retry}
                </button>
              </span>
            )}
          </p>
        ))}
        {waiting ? <p className="line line--assistant chat-typing">{texts.typing}</p> : null}
      </div>
      {/* Always there, so the call's end is announced when its text arrives (the status line
          leaves "Call ended." out while this shows). */}
      <p className="call-length" part="call-length" aria-live="polite">
        {endedAfterMs === null ? '' : texts.callEndedAfter(formatCallLength(endedAfterMs))}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement
          ? `${speakerName(announcement.role, assistantName, texts)}: ${announcement.text}`
          : ''}
      </p>
      <p className="sr-only" aria-live="polite">
        {reply ? `${assistantName}: ${reply.text}` : ''}
      </p>
    </>
  );
}
