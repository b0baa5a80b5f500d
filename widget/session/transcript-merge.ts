/**
 * Transcript merging, pure: the platform's `transcript` messages (partial and final, from the
 * assistant and the visitor, possibly out of order) folded into the lines the view shows.
 * See docs/behaviour.md#messages.
 */

/**
 * Who said a line: the platform's transcript roles, and `sample-visitor` for a scripted visitor
 * line of the offline demo (which has no speech recognition, so it shows a sample of what a
 * visitor says rather than what this visitor said; the line must never read as theirs).
 */
export type Speaker = 'assistant' | 'user' | 'sample-visitor';

/** One line of the conversation. A partial line is replaced in place until its final arrives. */
export interface TranscriptLine {
  /** Stable for the line's life (React key), also while its partial text changes. */
  readonly id: number;
  readonly role: Speaker;
  readonly text: string;
  readonly final: boolean;
  /** When the line started (its first message's timestamp): the lines are kept in this order. */
  readonly at: number;
  /** The timestamp of the message that last changed the text. */
  readonly updatedAt: number;
}

/**
 * One transcript line as the next page of the tab shows it again (docs/behaviour.md#resume):
 * what a call's or a typed chat's record keeps of it.
 */
export interface SavedLine {
  role: Speaker;
  text: string;
  at: number;
}

/** One transcript message, read from the call's `message` event. */
export interface TranscriptUpdate {
  role: Speaker;
  final: boolean;
  text: string;
  /** The message's timestamp (ms), or when it arrived if it had none. */
  at: number;
}

/** Everything merged so far. Immutable: each merge returns a new object (or the same one). */
export interface TranscriptState {
  readonly lines: readonly TranscriptLine[];
  readonly nextId: number;
  /** Timestamp of each speaker's latest final line: older partials belong to finished lines. */
  readonly finalAt: Readonly<Record<Speaker, number>>;
}

/** The most lines kept; older ones are dropped so a long call stays cheap to render. */
export const MAX_TRANSCRIPT_LINES = 200;

/** No lines yet. */
export const EMPTY_TRANSCRIPT: TranscriptState = {
  lines: [],
  nextId: 1,
  finalAt: {
    assistant: Number.NEGATIVE_INFINITY,
    user: Number.NEGATIVE_INFINITY,
    'sample-visitor': Number.NEGATIVE_INFINITY,
  },
};

/**
 * Reads a transcript out of a call message, or `null` when it is something else (or has no
 * text). Both the plain `transcript` type and the platform's `transcript[transcriptType="final"]`
 * are read; a message without `transcriptType` is taken as final. A visitor transcript marked
 * `sample: true` (the offline demo's scripted lines) is read as the `sample-visitor`'s.
 */
export function readTranscript(message: object, receivedAt: number): TranscriptUpdate | null {
  const { type, role, transcript, transcriptType, timestamp, sample } = message as Record<
    string,
    unknown
  >;
  if (typeof type !== 'string' || !type.startsWith('transcript')) {
    return null;
  }
  if ((role !== 'assistant' && role !== 'user') || typeof transcript !== 'string') {
    return null;
  }
  const text = transcript.trim();
  if (text === '') {
    return null;
  }
  const final = transcriptType !== 'partial' || type.includes('final');
  const at = typeof timestamp === 'number' && Number.isFinite(timestamp) ? timestamp : receivedAt;
  const speaker: Speaker = role === 'user' && sample === true ? 'sample-visitor' : role;
  return { role: speaker, final, text, at };
}

/** Where a new line starting at `at` goes: after every line that started at or before it. */
function insertionIndex(lines: readonly TranscriptLine[], at: number): number {
  let index = lines.length;
  while (index > 0 && (lines[index - 1]?.at ?? 0) > at) {
    index -= 1;
  }
  return index;
}

/**
 * Folds one update into the transcript:
 * - a partial replaces the text of its speaker's open line, or opens a new line;
 * - a final closes its speaker's open line with the final text, or adds a final line (also when
 *   it is older than the open line, which then belongs to the next utterance);
 * - a partial older than its speaker's latest final arrived late and is dropped, as is an older
 *   partial than the one already shown, and a final repeated with the same text;
 * - lines stay ordered by when they started, whatever order the messages arrive in.
 */
export function mergeTranscript(state: TranscriptState, update: TranscriptUpdate): TranscriptState {
  const { role, final, text, at } = update;
  const lines = state.lines;
  const openIndex = lines.findIndex((line) => line.role === role && !line.final);
  const open = lines[openIndex];
  if (!final && at < state.finalAt[role]) {
    return state;
  }
  // A final older than the open line belongs to an earlier utterance: it gets its own line.
  if (open && !(final && at < open.at)) {
    if (!final && at < open.updatedAt) {
      return state;
    }
    const next = [...lines];
    next[openIndex] = { ...open, text, final, updatedAt: at };
    return withLines(state, next, final ? role : null, at);
  }
  if (
    final &&
    lines.some(
      (line) => line.role === role && line.final && line.text === text && line.updatedAt === at,
    )
  ) {
    return state;
  }
  const line: TranscriptLine = { id: state.nextId, role, text, final, at, updatedAt: at };
  const next = [...lines];
  next.splice(insertionIndex(lines, at), 0, line);
  return withLines({ ...state, nextId: state.nextId + 1 }, next, final ? role : null, at);
}

function withLines(
  state: TranscriptState,
  lines: TranscriptLine[],
  finalRole: Speaker | null,
  at: number,
): TranscriptState {
  const finalAt =
    finalRole === null
      ? state.finalAt
      : { ...state.finalAt, [finalRole]: Math.max(state.finalAt[finalRole], at) };
  const kept = lines.length > MAX_TRANSCRIPT_LINES ? lines.slice(-MAX_TRANSCRIPT_LINES) : lines;
  return { ...state, lines: kept, finalAt };
}

/**
 * The call is over: a line still partial keeps what was heard as its final text (never left
 * grey and waiting), marked cut off with "…" unless it ended a sentence, and any partial
 * arriving later is dropped.
 */
export function finishTranscript(state: TranscriptState): TranscriptState {
  return {
    ...state,
    lines: state.lines.map((line) =>
      line.final
        ? line
        : {
            ...line,
            final: true,
            text: /[.!?…。！？]$/.test(line.text) ? line.text : `${line.text}…`,
          },
    ),
    finalAt: { assistant: Infinity, user: Infinity, 'sample-visitor': Infinity },
  };
}

/** `83_000` → `'1:23'`; an hour or more → `'1:02:03'`. */
export function formatCallLength(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
