import { describe, expect, it } from 'vitest';
import {
  END_OF_TURN_SILENCE_MS,
  MAX_TURN_MS,
  MIC_POLL_MS,
  MIN_VOICE_MS,
} from '../../widget/demo/demo-timings.ts';
import { TurnDetector, type TurnEvent } from '../../widget/demo/turn-detector.ts';

/** Feeds `level(t)` every poll from `from` to `to` ms; returns the transitions with their times. */
function run(detector: TurnDetector, level: (t: number) => number, from: number, to: number) {
  const events: Array<[number, TurnEvent]> = [];
  for (let t = from; t <= to; t += MIC_POLL_MS) {
    const event = detector.feed(level(t), t);
    if (event) {
      events.push([t, event]);
    }
  }
  return events;
}

describe('visitor turn detector', () => {
  it('starts a turn after enough voice and ends it after the end-of-turn silence', () => {
    const detector = new TurnDetector();
    const voice = (t: number) => (t >= 1000 && t < 2500 ? 0.1 : 0.001);
    const events = run(detector, voice, 0, 5000);
    expect(events).toEqual([
      [1000 + MIN_VOICE_MS, 'turn-start'],
      [2450 + END_OF_TURN_SILENCE_MS, 'turn-end'],
    ]);
    expect(detector.speaking).toBe(false);
  });

  it('ignores short blips of noise below the minimum voice time', () => {
    const detector = new TurnDetector();
    const clicks = (t: number) => (t % 2000 === 0 && t > 0 ? 0.5 : 0);
    expect(run(detector, clicks, 0, 10_000)).toEqual([]);
  });

  it('ignores a steady level below the voice threshold (room noise)', () => {
    const detector = new TurnDetector();
    expect(run(detector, () => 0.01, 0, 10_000)).toEqual([]);
  });

  it('keeps one turn across short pauses between words', () => {
    const detector = new TurnDetector();
    // Words of 300 ms separated by 400 ms pauses, for 3 s.
    const words = (t: number) => (t < 3000 && t % 700 < 300 ? 0.1 : 0);
    const events = run(detector, words, 0, 6000);
    expect(events.map(([, e]) => e)).toEqual(['turn-start', 'turn-end']);
  });

  it('cuts a turn that never pauses (steady beeps, like a fake microphone) after the maximum', () => {
    const detector = new TurnDetector();
    // Chromium's fake microphone: a 100 ms beep every 500 ms, forever.
    const beeps = (t: number) => (t % 500 < 100 ? 0.4 : 0);
    const events = run(detector, beeps, 0, 2 * MAX_TURN_MS + 2000);
    const ends = events.filter(([, e]) => e === 'turn-end');
    expect(ends.length).toBe(2);
    const [firstStart, firstEnd] = events;
    expect(firstStart?.[1]).toBe('turn-start');
    expect(firstEnd?.[0]).toBe(MAX_TURN_MS);
  });

  it('forgets an utterance in progress on reset', () => {
    const detector = new TurnDetector();
    run(detector, () => 0.1, 0, 1000);
    expect(detector.speaking).toBe(true);
    detector.reset();
    expect(detector.speaking).toBe(false);
    expect(run(detector, () => 0, 1050, 5000)).toEqual([]);
  });
});
