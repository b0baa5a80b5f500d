import {
  type DemoServerMessage,
  sampleVisitorTranscript,
  speechUpdate,
} from './server-messages.ts';
import type { SpeechTurns } from './speech-queue.ts';
import { openingWords } from './transcript-timing.ts';
import { TurnDetector } from './turn-detector.ts';

/**
 * The visitor's spoken turn, heard from the microphone level alone (there is no speech
 * recognition offline): when it starts and ends it is announced with `speech-update`, and it is
 * transcribed as the canned line the script expects.
 */
export class VisitorTurn {
  readonly #send: (message: DemoServerMessage) => void;
  readonly #now: () => number;
  readonly #turns: SpeechTurns;
  readonly #detector = new TurnDetector();
  /** The line the visitor's next turn is transcribed as; null while no answer is expected. */
  #line: string | null = null;
  /** The turn has started (its partial line is shown) and not yet ended. */
  #talking = false;

  constructor(send: (message: DemoServerMessage) => void, now: () => number, turns: SpeechTurns) {
    this.#send = send;
    this.#now = now;
    this.#turns = turns;
  }

  /** Waits for the visitor to answer, transcribed as `line` (null: no answer is expected). */
  expect(line: string | null): void {
    this.#line = line;
  }

  /** Forgets the sound heard so far. */
  reset(): void {
    this.#detector.reset();
  }

  /**
   * Hears one sample of the microphone `level` while `listening` (the assistant is quiet and the
   * call is on). Returns true when the visitor's turn has just ended.
   */
  poll(listening: boolean, level: () => number): boolean {
    const line = this.#line;
    if (!listening || line === null) {
      this.#detector.reset();
      return false;
    }
    const event = this.#detector.feed(level(), this.#now());
    if (event === 'turn-start') {
      this.#talking = true;
      this.#send(speechUpdate('user', 'started', this.#turns.current, this.#now()));
      this.#send(sampleVisitorTranscript('partial', openingWords(line), this.#now()));
    } else if (event === 'turn-end') {
      this.#end(line);
      return true;
    }
    return false;
  }

  /** Ends a turn the visitor is in the middle of; false when there is none. */
  interrupt(): boolean {
    if (!this.#talking || this.#line === null) {
      return false;
    }
    this.#end(this.#line);
    return true;
  }

  #end(line: string): void {
    const turn = this.#turns.take();
    this.#talking = false;
    this.#line = null;
    this.#detector.reset();
    this.#send(sampleVisitorTranscript('final', line, this.#now()));
    this.#send(speechUpdate('user', 'stopped', turn, this.#now()));
  }
}
