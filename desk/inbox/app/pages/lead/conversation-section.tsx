import type { LeadDetail, TranscriptLine } from '../../../api-contract.ts';
import { clock, span } from '../../lib/format.ts';

const SPEAKERS: Record<TranscriptLine['role'], string> = {
  assistant: 'Assistant',
  user: 'Visitor',
  'sample-visitor': 'Sample visitor',
  system: 'System',
  tool: 'Tool',
};

/** The lead's conversation under a `Transcript` heading: summary, recording, dialogue. */
export function ConversationSection({ lead }: { lead: LeadDetail }) {
  const conversation = lead.conversation;
  return (
    <section className="panel" aria-labelledby="transcript-title">
      <h2 id="transcript-title">Transcript</h2>
      {conversation === null ? (
        <p className="muted">No conversation is stored for this lead yet.</p>
      ) : (
        <>
          {conversation.summary ? (
            <>
              <h3>Summary</h3>
              <p className="summary">{conversation.summary}</p>
            </>
          ) : null}
          <dl className="facts facts-inline">
            <dt>Duration</dt>
            <dd>
              {conversation.durationSeconds === null ? '—' : span(conversation.durationSeconds)}
            </dd>
            <dt>Ended</dt>
            <dd>{conversation.endedReason ?? '—'}</dd>
          </dl>
          {conversation.recordingUrl ? (
            <div className="recording">
              <h3 id="recording-title">Recording</h3>
              {/* The platform's recording: no captions exist for it; the transcript is its text. */}
              {/* biome-ignore lint/a11y/useMediaCaption: the transcript above is the text version */}
              <audio
                controls
                preload="none"
                src={conversation.recordingUrl}
                aria-labelledby="recording-title"
              />
            </div>
          ) : null}
          {conversation.messages.length > 0 ? (
            <ol className="dialogue" aria-label="Dialogue">
              {conversation.messages.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a transcript never reorders
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
        </>
      )}
    </section>
  );
}
