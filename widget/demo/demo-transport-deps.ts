import type { CallTransportOptions } from '../call/transport.ts';
import type { DemoAudioEngine } from './audio-engine.ts';
import type { DemoHost } from './host-names.ts';
import type { Turn } from './script.ts';
import type { LineVoice } from './synth-voice.ts';

/** What the demo room is built from; everything with a side effect is injected. */
export interface DemoTransportDeps {
  /** The options the call client created the room with (its `audioSource` is the mic track). */
  options: CallTransportOptions;
  /** Creates the audio engine at join time (after the visitor's click). */
  createEngine: () => DemoAudioEngine;
  /** Used only when the client did not hand over a microphone track. */
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'>;
  /** The conversation's script (the sample's by default) and the voice for its own lines. */
  script?: readonly Turn[];
  voice?: LineVoice;
  /** The host page's listing, for the answers to typed questions. */
  host?: DemoHost;
  /** Unique ids for the room and its participants. */
  newId?: () => string;
  /** The assistant's lines heard on an earlier page: the script resumes after them. */
  heardLines?: number;
}
