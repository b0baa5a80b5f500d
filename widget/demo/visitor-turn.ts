import {
  type DemoServerMessage,
  sampleVisitorTranscript,
  speechUpdate,
} from './server-messages.ts';
import { openingWords } from './transcript-timing.ts';
import { TurnDetector } from './turn-detector.ts';

/**
 * The visitor's spoken turn, heard from the microphone level alone (there is no speech
 * recognition offline): when it starts and ends it is announced with `speech-update`, and it is
 * transcribed as the canned line the script expects. It also numbers the call's speech turns,
 * which the visitor's turns and the assistant's lines take in order.
 */
export class VisitorTurn {
  readonly #send: (message: DemoServerMessage) => void;
  readonly #now: () => number;
  readonly #detector = new TurnDetector();
  /** The line the visitor's next turn is transcribed as; null while no answer is expected. */
  #line: string | null = null;
  /** The turn has started (its partial line is shown) and not yet ended. */
  #talking = false;
  /** The number of the next speech turn, the visitor's or the assistant's. */
  #turn = 0;

  constructor(send: (message: DemoServerMessage) => void, now: () => number) {
    this.#send = send;
    this.#now = now;
  }

  /**
   * One of the assistant's lines starts: what the microphone heard so far is forgotten, and the
   * line takes the next turn number, which it returns.
   */
  lineStarted(): number {
    this.#detector.reset();
    return this.#turn++;
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
      this.#send(speechUpdate('user', 'started', this.#turn, this.#now()));
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
    const turn = this.#turn++;
    this.#talking = false;
    this.#line = null;
    this.#detector.reset();
    this.#send(sampleVisitorTranscript('final', line, this.#now()));
    this.#send(speechUpdate('user', 'stopped', turn, this.#now()));
  }
}
