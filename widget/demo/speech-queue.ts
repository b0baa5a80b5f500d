import type { Timers } from '../call/timers.ts';
import type { ConversationDeps } from './conversation-deps.ts';
import type { ClipId } from './script.ts';
import { speechUpdate, transcript } from './server-messages.ts';
import { partialCues } from './transcript-timing.ts';

/** One step of what the assistant does next. */
export type Step =
  | { kind: 'line'; clip: ClipId; text: string }
  | { kind: 'pause'; ms: number }
  | { kind: 'then'; run: () => void };

/**
 * The demo assistant's speech, one step at a time: lines (each announced with `speech-update`,
 * partial transcripts while it plays and a final one when it has played), pauses between them,
 * and what to do after them.
 */
export class SpeechQueue {
  readonly #deps: Pick<ConversationDeps, 'audio' | 'send' | 'voice'>;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #lineStarted: () => number;
  readonly #steps: Step[] = [];
  #busy = false;
  #stopCurrent: (() => void) | null = null;
  #closed = false;

  /**
   * Speaks with `deps`' audio or voice and reports through its `send`; `lineStarted` is told
   * when a line starts and returns the line's turn number for `speech-update`.
   */
  constructor(
    deps: Pick<ConversationDeps, 'audio' | 'send' | 'voice'>,
    now: () => number,
    timers: Timers,
    lineStarted: () => number,
  ) {
    this.#deps = deps;
    this.#now = now;
    this.#timers = timers;
    this.#lineStarted = lineStarted;
  }

  /** A line or pause is in progress. */
  get busy(): boolean {
    return this.#busy;
  }

  /** Adds steps after those already queued. */
  push(...steps: Step[]): void {
    this.#steps.push(...steps);
  }

  /** Adds steps before those already queued. */
  unshift(...steps: Step[]): void {
    this.#steps.unshift(...steps);
  }

  /** Forgets every queued step (the one in progress goes on). */
  clear(): void {
    this.#steps.length = 0;
  }

  /** Forgets the queue, stops the step in progress and runs nothing more (the call is over). */
  close(): void {
    this.clear();
    this.interrupt();
    this.#closed = true;
  }

  /** Stops the line (or pause) in progress without running what follows it. */
  interrupt(): void {
    const stop = this.#stopCurrent;
    this.#stopCurrent = null;
    this.#busy = false;
    stop?.();
  }

  /** Runs the queued steps, unless one is already in progress. */
  run(): void {
    while (!this.#busy && !this.#closed) {
      const step = this.#steps.shift();
      if (!step) {
        return;
      }
      if (step.kind === 'then') {
        step.run();
        continue;
      }
      this.#busy = true;
      const next = () => {
        this.#busy = false;
        this.#stopCurrent = null;
        this.run();
      };
      if (step.kind === 'pause') {
        this.#stopCurrent = this.#timers.after(step.ms, next);
      } else {
        this.#speakLine(step, next);
      }
    }
  }

  #speakLine({ clip, text }: { clip: ClipId; text: string }, done: () => void): void {
    const { audio, send, voice } = this.#deps;
    const now = this.#now;
    const turn = this.#lineStarted();
    send(speechUpdate('assistant', 'started', turn, now()));
    const durationMs = voice ? voice.durationMs(text) : audio.durationMs(clip);
    const cues = partialCues(text, durationMs).map((cue) =>
      this.#timers.after(cue.atMs, () => {
        send(transcript('assistant', 'partial', cue.text, now()));
      }),
    );
    const finish = (spoken: boolean) => {
      for (const cancel of cues) {
        cancel();
      }
      if (spoken) {
        send(transcript('assistant', 'final', text, now()));
      }
      send(speechUpdate('assistant', 'stopped', turn, now()));
    };
    this.#stopCurrent = () => {
      if (voice) {
        voice.stop();
      } else {
        audio.stop();
      }
      finish(false);
    };
    const played = () => {
      finish(true);
      done();
    };
    if (voice) {
      voice.speak(text, played);
    } else {
      audio.play(clip, played);
    }
  }
}
