import { describe, expect, test } from 'vitest';
import { SpeechDetector } from '../../widget/call/speech-detector.ts';

describe('SpeechDetector (docs/behaviour.md#states: threshold 0.01, end 1000 ms after the last loud sample)', () => {
  test('starts above the threshold only, not at it', () => {
    const detector = new SpeechDetector();
    expect(detector.feed(0.01, 0)).toBeNull();
    expect(detector.feed(0.0101, 100)).toBe('speech-start');
    expect(detector.speaking).toBe(true);
  });

  test('ends exactly 1000 ms after the last loud sample, whoever notices first', () => {
    const detector = new SpeechDetector();
    detector.feed(0.5, 0);
    detector.feed(0.2, 400); // still loud: the end moves to 1400
    expect(detector.endsAt).toBe(1400);
    expect(detector.feed(0, 1399)).toBeNull();
    expect(detector.feed(0, 1400)).toBe('speech-end');
    expect(detector.endsAt).toBeNull();
    expect(detector.expire(5000)).toBeNull();
  });

  test('expire ends speech from a timer between samples', () => {
    const detector = new SpeechDetector();
    detector.feed(0.5, 100);
    expect(detector.expire(1099)).toBeNull();
    expect(detector.expire(1100)).toBe('speech-end');
  });

  test('quiet samples while silent, repeated loud samples and reset produce no transitions', () => {
    const detector = new SpeechDetector();
    expect([0, 0.001, 0.009].map((level, i) => detector.feed(level, i * 100))).toEqual([
      null,
      null,
      null,
    ]);
    detector.feed(1, 0);
    expect(detector.feed(1, 100)).toBeNull();
    detector.reset();
    expect(detector.speaking).toBe(false);
    expect(detector.feed(1, 200)).toBe('speech-start');
  });
});
