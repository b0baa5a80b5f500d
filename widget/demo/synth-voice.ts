import { Timers } from '../call/timers.ts';
import { READING_MS_PER_CHAR } from './demo-timings.ts';

/** The name the sample's recorded voice gives itself. */
export const SAMPLE_NAME = 'Nora';

/**
 * How the demo call gives a line its recording does not say (the host page's own listing): the
 * browser's speech synthesis with a voice in the call's language, or, with no such voice, the
 * caption alone for as long as it takes to read.
 */

/** The part of `SpeechSynthesisVoice` the choice reads. */
export interface VoiceLike {
  readonly lang: string;
  readonly localService?: boolean;
}

/** Shown once, before the first line, when no voice can say another home's captions. */
export const SAMPLE_VOICE_OFF =
  'The sample voice is off: it was recorded for another home, so this demo shows captions only.';

/**
 * What the demo says, before its first line, when no voice can say the captions: why its
 * recorded voice cannot, in words. The page's other home first; else its other name for the
 * assistant; else its own greeting.
 */
export function voiceOffNote(reason: 'home' | 'name' | 'greeting', name?: string): string {
  switch (reason) {
    case 'home':
      return SAMPLE_VOICE_OFF;
    case 'name':
      return `The sample voice is off: it was recorded as ${SAMPLE_NAME}, and this page calls its assistant ${name}. This browser has no voice to read the new lines, so this demo shows captions only.`;
    default:
      return 'The sample voice is off: it was recorded with its own greeting, and this browser has no voice to read this page’s, so this demo shows captions only.';
  }
}

/**
 * The voice for `language` (a BCP 47 tag): one of the same language and region first, then of
 * the same language; a voice on the device before a network one; `null` when none speaks it.
 */
export function chooseVoice<V extends VoiceLike>(voices: readonly V[], language: string): V | null {
  const tag = (lang: string) => lang.toLowerCase().replace(/_/g, '-');
  const wanted = tag(language);
  const primary = wanted.split('-')[0];
  const exact = voices.filter((voice) => tag(voice.lang) === wanted);
  const same =
    exact.length > 0 ? exact : voices.filter((voice) => tag(voice.lang).split('-')[0] === primary);
  return same.find((voice) => voice.localService === true) ?? same[0] ?? null;
}

/** Says (or shows) one line at a time. */
export interface LineVoice {
  /** False when the lines are captions only. */
  readonly spoken: boolean;
  /** About how long `text` takes, for the partial captions. */
  durationMs(text: string): number;
  /** Starts the line; `done` runs once when it has been said (never after `stop`). */
  speak(text: string, done: () => void): void;
  stop(): void;
}

/** The line voice for `language`: speech synthesis when it has a voice for it, else captions. */
export function lineVoice(
  language: string,
  synth: SpeechSynthesis | undefined = globalThis.speechSynthesis,
): LineVoice {
  const timers = new Timers();
  const voice = synth ? chooseVoice(synth.getVoices(), language) : null;
  let cancel: (() => void) | null = null;
  const durationMs = (text: string) => Math.max(1500, text.length * READING_MS_PER_CHAR);
  return {
    spoken: voice !== null,
    durationMs,
    speak(text, done) {
      if (!synth || !voice) {
        cancel = timers.after(durationMs(text), done);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      let live = true;
      const finish = () => {
        if (live) {
          live = false;
          done();
        }
      };
      utterance.onend = finish;
      utterance.onerror = finish;
      cancel = () => {
        live = false;
        synth.cancel();
      };
      synth.speak(utterance);
    },
    stop() {
      cancel?.();
      cancel = null;
      timers.clearAll();
    },
  };
}
