import type {
  DailyParticipant,
  DailyParticipantsAudioLevel,
  DailyParticipantsObject,
  DailyParticipantUpdateOptions,
  DailyTrackState,
} from '@daily-co/daily-js';
import { SPEAKER_USER_NAME } from '../call/call-constants.ts';

/** The facts that vary between the demo room's two participants. */
export interface ParticipantFacts {
  sessionId: string;
  userName: string;
  local: boolean;
  joinedAt: Date;
  /** The audio track, when there is one. */
  audioTrack: MediaStreamTrack | null;
  /** Remote tracks only reach us once subscribed; local tracks always count as subscribed. */
  subscribed: boolean;
  /** `false` when the participant turned their microphone off. */
  audioOn: boolean;
}

const OFF: DailyTrackState = { subscribed: false, state: 'off', off: { byUser: true } };

function audioState(facts: ParticipantFacts): DailyTrackState {
  const track = facts.audioTrack ?? undefined;
  if (!track) {
    return { subscribed: facts.subscribed, state: 'blocked', blocked: { byDeviceMissing: true } };
  }
  if (!facts.audioOn) {
    return {
      subscribed: facts.subscribed,
      state: 'off',
      off: { byUser: true },
      persistentTrack: track,
    };
  }
  if (!facts.subscribed) {
    return { subscribed: false, state: 'sendable' };
  }
  return { subscribed: true, state: 'playable', track, persistentTrack: track };
}

/** A participant object in daily-js's own shape (type-checked against its `DailyParticipant`). */
export function participant(facts: ParticipantFacts): DailyParticipant {
  const audio = audioState(facts);
  return {
    audio: audio.state === 'playable',
    video: false,
    screen: false,
    tracks: { audio, video: OFF, screenAudio: OFF, screenVideo: OFF },
    user_id: facts.sessionId,
    user_name: facts.userName,
    session_id: facts.sessionId,
    joined_at: facts.joinedAt,
    will_eject_at: new Date(0),
    local: facts.local,
    owner: false,
    record: false,
    permissions: { hasPresence: true, canSend: true, canReceive: { base: true }, canAdmin: false },
    cam_info: {},
    screen_info: {},
  };
}

/**
 * Who is in the demo room and in what state: the visitor (local) and the assistant, whose user
 * name is the one the call client plays (`SPEAKER_USER_NAME`).
 */
export class Roster {
  readonly localId: string;
  readonly assistantId: string;
  joinedAt = new Date();
  micTrack: MediaStreamTrack | null = null;
  voiceTrack: MediaStreamTrack | null = null;
  audioOn = true;
  assistantPresent = false;
  subscribed = false;

  constructor(newId: () => string) {
    this.localId = newId();
    this.assistantId = newId();
  }

  local(): DailyParticipant {
    return participant({
      sessionId: this.localId,
      userName: '',
      local: true,
      joinedAt: this.joinedAt,
      audioTrack: this.micTrack,
      subscribed: true,
      audioOn: this.audioOn,
    });
  }

  assistant(): DailyParticipant {
    return participant({
      sessionId: this.assistantId,
      userName: SPEAKER_USER_NAME,
      local: false,
      joinedAt: this.joinedAt,
      audioTrack: this.voiceTrack,
      subscribed: this.subscribed,
      audioOn: true,
    });
  }

  /** The visitor joined with `micTrack`, and the assistant will speak with `voiceTrack`. */
  enter(micTrack: MediaStreamTrack | null, voiceTrack: MediaStreamTrack | null): void {
    this.micTrack = micTrack;
    this.voiceTrack = voiceTrack;
    this.joinedAt = new Date();
  }

  /** The room closed: the assistant is gone and the microphone released. */
  leave(): void {
    this.assistantPresent = false;
    this.subscribed = false;
    this.micTrack = null;
  }

  /** daily-js's `participants()`: `local` plus the assistant once it has joined. */
  all(): DailyParticipantsObject {
    const list: DailyParticipantsObject = { local: this.local() };
    if (this.assistantPresent) {
      list[this.assistantId] = this.assistant();
    }
    return list;
  }

  /**
   * The remote audio levels daily-js reports: the assistant's voice, once it is in the room and
   * subscribed to; `engine` is null while no audio engine plays it.
   */
  levels(engine: { voiceLevel(): number } | null): DailyParticipantsAudioLevel {
    if (!this.assistantPresent || !this.subscribed || !engine) {
      return {};
    }
    return { [this.assistantId]: engine.voiceLevel() };
  }
}

/** True when an `updateParticipant` call subscribes to the participant's audio. */
export function subscribesAudio(updates: DailyParticipantUpdateOptions): boolean {
  const tracks = updates.setSubscribedTracks;
  return tracks === true || (typeof tracks === 'object' && tracks.audio === true);
}
