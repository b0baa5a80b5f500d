import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseVoice, lineVoice } from '../../widget/demo/synth-voice.ts';

// docs/behaviour.md#chat: the demo call's own lines are spoken by a voice in the element's language,
// or shown as captions only when the browser has none.

const voices = [
  { name: 'Anna', lang: 'de-DE', localService: true },
  { name: 'Online English', lang: 'en-US', localService: false },
  { name: 'Local English', lang: 'en_US', localService: true },
  { name: 'British', lang: 'en-GB', localService: true },
  { name: 'Amélie', lang: 'fr-CA', localService: false },
];

/** A synthesizer offering `offered`; only `getVoices` is read when choosing. */
function synthWith(offered: typeof voices): SpeechSynthesis {
  return { getVoices: () => offered } as unknown as SpeechSynthesis;
}

describe('chooseVoice', () => {
  it('takes the same language and region first, a voice on the device before a network one', () => {
    expect(chooseVoice(voices, 'en-US')?.name).toBe('Local English');
    expect(chooseVoice(voices, 'en-gb')?.name).toBe('British');
  });

  it('falls back to the same language in another region', () => {
    expect(chooseVoice(voices, 'fr')?.name).toBe('Amélie');
    expect(chooseVoice(voices, 'de-AT')?.name).toBe('Anna');
  });

  it('has none for a language no voice speaks, or when there are no voices', () => {
    expect(chooseVoice(voices, 'es')).toBeNull();
    expect(chooseVoice([], 'en')).toBeNull();
  });
});

describe('lineVoice', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('speaks when the synthesizer has a voice in the language', () => {
    expect(lineVoice('en', synthWith(voices)).spoken).toBe(true);
  });

  it('is captions only without a voice in the language: a line lasts its reading time', async () => {
    for (const voice of [lineVoice('es', synthWith(voices)), lineVoice('en', undefined)]) {
      expect(voice.spoken).toBe(false);
      const text = 'Yes, 22 Oak Street is available, listed at $615,000.';
      const done = vi.fn();
      voice.speak(text, done);
      await vi.advanceTimersByTimeAsync(voice.durationMs(text) - 1);
      expect(done).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toHaveBeenCalledOnce();
    }
  });

  it('never finishes a line after stop', async () => {
    const voice = lineVoice('en', undefined);
    const done = vi.fn();
    voice.speak('Hello', done);
    voice.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).not.toHaveBeenCalled();
  });
});
