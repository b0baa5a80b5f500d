import type { LeadConversation, LeadDetail, TranscriptLine } from '../../../api-contract.ts';
import { clock, span, timeText } from '../../lib/format.ts';

const SPEAKERS: Record<TranscriptLine['role'], string> = {
  assistant: 'Assistant',
  user: 'Visitor',
  'sample-visitor': 'Sample visitor',
  system: 'System',
  tool: 'Tool',
};

/**
 * The `Conversations` panel: every call or chat the person had, oldest first, each with its
 * summary, recording and transcript.
 */
export function ConversationsSection({ lead }: { lead: LeadDetail }) {
  return (
    <section className="panel" aria-labelledby="conversations-title">
      <h2 id="conversations-title">Conversations</h2>
      {lead.conversations.length === 0 ? (
        <p className="muted">No conversation is stored for this lead yet.</p>
      ) : (
        <ol className="conversations">
          {lead.conversations.map((conversation, i) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              number={i + 1}
              count={lead.conversations.length}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function ConversationItem({
  conversation,
  number,
  count,
}: {
  conversation: LeadConversation;
  number: number;
  count: number;
}) {
  // Ids from the position: a conversation's own id is the platform's, not the page's.
  const recordingId = `recording-title-${number}`;
  return (
    <li className="conversation">
      <h3>
        {count > 1 ? `Conversation ${number} of ${count}, ` : 'Conversation, '}
        <time dateTime={conversation.at}>{timeText(conversation.atText)}</time>
      </h3>
      {conversation.summary ? (
        <>
          <h4>Summary</h4>
          <p className="summary">{conversation.summary}</p>
        </>
      ) : null}
      <dl className="facts facts-inline">
        <dt>Duration</dt>
        <dd>{conversation.durationSeconds === null ? '—' : span(conversation.durationSeconds)}</dd>
        <dt>Ended</dt>
        <dd>{conversation.endedReason ?? '—'}</dd>
      </dl>
      {conversation.recordingUrl ? (
        <div className="recording">
          <h4 id={recordingId}>Recording</h4>
          {/* The platform's recording: no captions exist for it; the transcript is its text. */}
          {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the text version */}
          <audio
            controls
            preload="none"
            src={conversation.recordingUrl}
            aria-labelledby={recordingId}
          />
        </div>
      ) : null}
      <h4>Transcript</h4>
      {conversation.messages.length > 0 ? (
        <ol className="dialogue" aria-label={count > 1 ? `Dialogue ${number}` : 'Dialogue'}>
          {conversation.messages.map((line, i) => (
            <li key={i} className={`line line-${line.role}`}>
              <span className="line-head">
                {line.secondsFromStart !== undefined ? (
                  <span className="line-time">{clock(line.secondsFromStart)}</span>
                ) : null}
                <span className="line-speaker">{SPEAKERS[line.role] ?? line.role}</span>
              </span>
              <p className="line-text">{line.text}</p>
            </li>
          ))}
        </ol>
      ) : conversation.transcript ? (
        <p className="transcript-text">{conversation.transcript}</p>
      ) : (
        <p className="muted">The conversation has no words stored.</p>
      )}
    </li>
  );
}
