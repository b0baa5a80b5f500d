import { Listeners } from './listeners.ts';
import {
  EMPTY_TRANSCRIPT,
  finishTranscript,
  mergeTranscript,
  readTranscript,
  type Speaker,
  type TranscriptLine,
  type TranscriptState,
} from './transcript-merge.ts';

/** How long a speaker's finished lines wait for more of the same turn before being announced. */
export const ANNOUNCE_AFTER_MS = 1500;

/** One screen-reader announcement: a whole turn's final lines. */
export interface Announcement {
  /** Increases with each announcement, so the same words said twice are announced twice. */
  id: number;
  role: Speaker;
  text: string;
}

/** What the conversation view renders. Immutable: a new object per change. */
export interface ConversationSnapshot {
  lines: readonly TranscriptLine[];
  /** Who is speaking now, from `speech-start`/`speech-end` and the visitor's transcripts. */
  speaking: Speaker | null;
  /** Someone has spoken since the call started (the status then says who is speaking). */
  heard: boolean;
  /** The visitor muted the microphone. */
  muted: boolean;
  /** The call's length once it ended after connecting; null before and during a call. */
  endedAfterMs: number | null;
  announcement: Announcement | null;
}

/** Clock and timers, injectable for tests. */
export interface ConversationClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_CLOCK: ConversationClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const INITIAL: ConversationSnapshot = {
  lines: [],
  speaking: null,
  heard: false,
  muted: false,
  endedAfterMs: null,
  announcement: null,
};

/**
 * The conversation as the view shows it, framework-free: fed by `CallController` with the call
 * client's typed events (it knows nothing of the call itself), it merges transcripts, tracks
 * who is speaking and whether the visitor muted, and decides what screen readers hear: only
 * final lines, at most one announcement per turn (a turn's lines are announced together when
 * the other speaker starts, the assistant stops speaking, the call ends, or after a pause).
 */
export class ConversationStore {
  readonly #clock: ConversationClock;
  readonly #changes = new Listeners();
  #snapshot: ConversationSnapshot = INITIAL;
  #transcript: TranscriptState = EMPTY_TRANSCRIPT;
  #startedAt: number | null = null;
  #turn: { role: Speaker; texts: string[] } | null = null;
  #timer: unknown = null;
  #announced = 0;

  constructor(clock: ConversationClock = SYSTEM_CLOCK) {
    this.#clock = clock;
  }

  readonly subscribe = this.#changes.subscribe;

  readonly getSnapshot = (): ConversationSnapshot => this.#snapshot;

  /** A new call is starting: the previous call's transcript goes. */
  reset(): void {
    this.#cancelTimer();
    this.#turn = null;
    this.#transcript = EMPTY_TRANSCRIPT;
    this.#startedAt = null;
    this.#set(INITIAL);
  }

  /** The call connected: its length counts from now. */
  callStarted(): void {
    this.#startedAt = this.#clock.now();
  }

  /** The call is over: the transcript stays, with the call's length. */
  callEnded(): void {
    this.#flush();
    const started = this.#startedAt;
    this.#startedAt = null;
    this.#transcript = finishTranscript(this.#transcript);
    this.#set({
      ...this.#snapshot,
      lines: this.#transcript.lines,
      speaking: null,
      muted: false,
      endedAfterMs: started === null ? null : this.#clock.now() - started,
    });
  }

  /** The assistant started (`true`) or stopped (`false`) speaking. */
  speech(speaking: boolean): void {
    if (speaking) {
      this.#set({ ...this.#snapshot, speaking: 'assistant', heard: true });
      return;
    }
    if (this.#turn?.role === 'assistant') {
      this.#flush();
    }
    if (this.#snapshot.speaking === 'assistant') {
      this.#set({ ...this.#snapshot, speaking: null });
    }
  }

  /** The visitor muted or unmuted the microphone. */
  setMuted(muted: boolean): void {
    this.#set({ ...this.#snapshot, muted });
  }

  /** A message of the call: transcripts are merged, anything else is ignored. */
  message(message: object): void {
    const update = readTranscript(message, this.#clock.now());
    if (!update) {
      return;
    }
    const merged = mergeTranscript(this.#transcript, update);
    if (merged === this.#transcript) {
      return;
    }
    this.#transcript = merged;
    if (this.#turn && this.#turn.role !== update.role) {
      this.#flush();
    }
    if (update.final) {
      this.#turn ??= { role: update.role, texts: [] };
      this.#turn.texts.push(update.text);
      this.#cancelTimer();
      this.#timer = this.#clock.setTimeout(() => {
        this.#timer = null;
        this.#flush();
      }, ANNOUNCE_AFTER_MS);
    }
    // A sample visitor line follows the real visitor's voice: the visitor is the one speaking.
    const visitor = update.role !== 'assistant';
    let speaking = this.#snapshot.speaking;
    if (visitor && speaking !== 'assistant') {
      speaking = update.final ? null : 'user';
    }
    this.#set({
      ...this.#snapshot,
      lines: merged.lines,
      speaking,
      heard: this.#snapshot.heard || visitor || speaking !== null,
    });
  }

  #flush(): void {
    this.#cancelTimer();
    const turn = this.#turn;
    this.#turn = null;
    if (!turn || turn.texts.length === 0) {
      return;
    }
    this.#announced += 1;
    this.#set({
      ...this.#snapshot,
      announcement: { id: this.#announced, role: turn.role, text: turn.texts.join(' ') },
    });
  }

  #cancelTimer(): void {
    if (this.#timer !== null) {
      this.#clock.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }

  #set(next: ConversationSnapshot): void {
    this.#snapshot = next;
    this.#changes.notify();
  }
}
