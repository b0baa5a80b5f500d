import type { Timers } from '../call/timers.ts';
import type { ConversationAudio } from './audio-engine.ts';
import { Conversation } from './conversation.ts';
import type { DailyEventHub } from './daily-events.ts';
import { ASSISTANT_ARRIVAL_MS, PLAYABLE_FALLBACK_MS } from './demo-timings.ts';
import type { DemoTransportDeps } from './demo-transport-deps.ts';
import type { Roster } from './participants.ts';
import type { DemoServerMessage } from './server-messages.ts';

/** What the assistant needs from the demo room it joins. */
export interface AssistantRoom {
  readonly hub: DailyEventHub;
  readonly roster: Roster;
  readonly timers: Timers;
  /** The visitor is in the room: the assistant's messages reach the client only then. */
  joined(): boolean;
  /** The assistant ended the call. */
  hangUp(): void;
}

/**
 * The simulated assistant as a participant of the demo room: it arrives shortly after the
 * visitor, its voice reaches the client once the client subscribes, and its conversation speaks
 * through the room's app-messages.
 */
export class RoomAssistant {
  readonly #room: AssistantRoom;
  /** What the assistant says and hears. */
  readonly conversation: Conversation;

  constructor(
    room: AssistantRoom,
    audio: ConversationAudio,
    deps: Pick<DemoTransportDeps, 'script' | 'voice' | 'host'>,
  ) {
    this.#room = room;
    this.conversation = new Conversation({
      audio,
      send: (message) => this.#send(message),
      hangUp: () => room.hangUp(),
      ...(deps.script && { script: deps.script }),
      ...(deps.voice && { voice: deps.voice }),
      ...(deps.host && { host: deps.host }),
    });
    this.conversation.setMicEnabled(room.roster.audioOn);
  }

  /**
   * Joins the room after {@link ASSISTANT_ARRIVAL_MS}; with `autoSubscribe` (daily-js's
   * `subscribeToTracksAutomatically`) its voice is delivered at once.
   */
  arrive(autoSubscribe: boolean): void {
    const { roster, hub, timers } = this.#room;
    timers.after(ASSISTANT_ARRIVAL_MS, () => {
      roster.assistantPresent = true;
      hub.emit('participant-joined', { participant: roster.assistant() });
      if (autoSubscribe) {
        this.subscribe();
      }
    });
  }

  /**
   * The client subscribes to the assistant's audio: its track starts, and the conversation
   * starts on the client's `playable` signal or after {@link PLAYABLE_FALLBACK_MS}.
   */
  subscribe(): void {
    const { roster, hub, timers } = this.#room;
    if (roster.subscribed || !roster.assistantPresent || !this.#room.joined()) {
      return;
    }
    roster.subscribed = true;
    const assistant = roster.assistant();
    hub.emit('participant-updated', { participant: assistant });
    const track = assistant.tracks.audio.track;
    if (track) {
      hub.emit('track-started', { participant: assistant, track, type: 'audio' });
    }
    timers.after(PLAYABLE_FALLBACK_MS, () => this.conversation.start());
  }

  #send(message: 'listening' | DemoServerMessage): void {
    const { roster, hub } = this.#room;
    if (this.#room.joined()) {
      const data = message === 'listening' ? message : JSON.stringify(message);
      hub.emit('app-message', { data, fromId: roster.assistantId });
    }
  }
}
