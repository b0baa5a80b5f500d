import type {
  DailyCall,
  DailyCallOptions,
  DailyEvent,
  DailyInputSettings,
  DailyMeetingState,
  DailyParticipantsObject,
  DailyParticipantUpdateOptions,
} from '@daily-co/daily-js';
import { Timers } from '../call/timers.ts';
import type { CallTransport } from '../call/transport.ts';
import type { DemoAudioEngine } from './audio-engine.ts';
import { Conversation } from './conversation.ts';
import {
  DailyEventHub,
  emitAssistantMessage,
  emitServerHangUp,
  type Handler,
} from './daily-events.ts';
import { ASSISTANT_ARRIVAL_MS, JOIN_DELAY_MS, PLAYABLE_FALLBACK_MS } from './demo-timings.ts';
import type { DemoTransportDeps } from './demo-transport-deps.ts';
import { parseInbound } from './inbound.ts';
import { handOverMicrophone, prepareJoin } from './join-media.ts';
import type { MicrophoneGrant } from './microphone-grant.ts';
import { Roster, subscribesAudio } from './participants.ts';

/**
 * The offline demo room: the same seam as the Daily transport (`CallTransport`, a `Pick` of
 * daily-js's `DailyCall`), emitting the same events in the same shapes, with a simulated
 * assistant instead of the platform's servers.
 *
 * - `join()` takes about {@link JOIN_DELAY_MS} while the voice clips load; then the assistant
 *   (user name `Vapi Speaker`) joins. Its audio arrives with `track-started` once the client
 *   subscribes, as a real remote track (a `MediaStreamAudioDestinationNode`), so the client
 *   plays it exactly as it plays the platform's assistant, once.
 * - The assistant starts when the client signals `playable` (or after
 *   {@link PLAYABLE_FALLBACK_MS}): `listening`, `status-update` in-progress, then the script.
 * - Audio levels come from an AnalyserNode on the voice actually playing.
 * - When the assistant hangs up, the room ends as the platform's does: `status-update` ended,
 *   the assistant leaves, then the room ejects the visitor (`error` of type `ejected`).
 */
export class DemoTransport implements CallTransport {
  readonly #deps: DemoTransportDeps;
  readonly #hub: DailyEventHub;
  readonly #timers = new Timers();
  readonly #roster: Roster;
  #state: DailyMeetingState = 'new';
  #engine: DemoAudioEngine | null = null;
  #conversation: Conversation | null = null;
  #mic: MicrophoneGrant | null = null;
  #autoSubscribe = true;
  #joining: AbortController | null = null;
  #stopObserver: (() => void) | null = null;
  #destroyed = false;

  constructor(deps: DemoTransportDeps) {
    this.#deps = deps;
    const newId = deps.newId ?? (() => crypto.randomUUID());
    this.#roster = new Roster(newId);
    this.#hub = new DailyEventHub(newId());
    this.#roster.audioOn = deps.options.audioSource !== false && !deps.options.startAudioOff;
  }

  /** Handlers registered with `on` and not yet removed (for leak checks). */
  get listenerCount(): number {
    return this.#hub.size;
  }

  /** Timers the room still holds, its conversation's included (0 once left). */
  get pendingTimers(): number {
    return this.#timers.pending + (this.#conversation?.pendingTimers ?? 0);
  }

  /** Where the room is in its life, as daily-js names it (for tests and diagnostics). */
  get state(): DailyMeetingState {
    return this.#state;
  }

  async join(properties?: DailyCallOptions): Promise<DailyParticipantsObject> {
    if (this.#destroyed) {
      throw new Error('Use after destroy');
    }
    if (this.#state !== 'new' && this.#state !== 'left-meeting') {
      throw new Error('Already joined or joining a meeting');
    }
    this.#state = 'joining-meeting';
    this.#autoSubscribe = properties?.subscribeToTracksAutomatically !== false;
    this.#hub.emit('joining-meeting', {});
    const engine = this.#deps.createEngine();
    this.#engine = engine;
    const joining = new AbortController();
    this.#joining = joining;
    const { mediaDevices, options } = this.#deps;
    const source = properties?.audioSource ?? options.audioSource;
    let mic: MicrophoneGrant;
    try {
      mic = await prepareJoin(engine, source, mediaDevices, this.#timers, joining.signal);
    } catch (error) {
      if (this.#state === 'joining-meeting') {
        this.#state = 'error';
        await this.#release();
      }
      throw error;
    } finally {
      this.#joining = null;
    }
    if (this.#state !== 'joining-meeting') {
      mic.release();
      throw new Error('The meeting was left before the join completed');
    }
    this.#enterRoom(engine, mic);
    const participants = this.participants();
    this.#hub.emit('joined-meeting', { participants });
    return participants;
  }

  /** Leaves the room (the client only ever destroys it, which leaves first). */
  async #leave(): Promise<void> {
    if (this.#state === 'new' || this.#state === 'left-meeting') {
      return;
    }
    const wasInRoom = this.#state !== 'joining-meeting';
    this.#state = 'left-meeting';
    this.#joining?.abort(new Error('The meeting was left before the join completed'));
    await this.#release();
    if (wasInRoom) {
      this.#hub.emit('left-meeting', {});
    }
  }

  async destroy(): Promise<void> {
    if (!this.#destroyed) {
      await this.#leave();
      this.#destroyed = true;
      this.#hub.emit('call-instance-destroyed', {});
    }
  }

  on<T extends DailyEvent>(event: T, handler: Handler<T>): DailyCall {
    this.#hub.on(event, handler);
    return this.#chain();
  }

  off<T extends DailyEvent>(event: T, handler: Handler<T>): DailyCall {
    this.#hub.off(event, handler);
    return this.#chain();
  }

  participants(): DailyParticipantsObject {
    return this.#roster.all();
  }

  sendAppMessage(data: unknown, _to?: string | string[]): DailyCall {
    if (this.#state !== 'joined-meeting') {
      throw new Error('sendAppMessage() only supported after join');
    }
    const request = parseInbound(data);
    if (request) {
      this.#conversation?.handle(request);
    }
    return this.#chain();
  }

  updateParticipant(sessionId: string, updates: DailyParticipantUpdateOptions): DailyCall {
    const local = sessionId === 'local' || sessionId === this.#roster.localId;
    if (local && updates.setAudio !== undefined) {
      this.setLocalAudio(updates.setAudio);
    }
    if (sessionId === this.#roster.assistantId && subscribesAudio(updates)) {
      this.#subscribe();
    }
    return this.#chain();
  }

  setLocalAudio(enabled: boolean): DailyCall {
    this.#roster.audioOn = enabled;
    const track = this.#mic?.track;
    if (track) {
      track.enabled = enabled;
    }
    this.#conversation?.setMicEnabled(enabled);
    if (this.#state === 'joined-meeting') {
      this.#hub.emit('participant-updated', { participant: this.#roster.local() });
    }
    return this.#chain();
  }

  localAudio(): boolean {
    return this.#roster.audioOn && this.#roster.micTrack !== null;
  }

  async startRemoteParticipantsAudioLevelObserver(interval = 200): Promise<void> {
    this.stopRemoteParticipantsAudioLevelObserver();
    this.#stopObserver = this.#timers.every(interval, () => {
      const participantsAudioLevel = this.#roster.levels(this.#engine);
      this.#hub.emit('remote-participants-audio-level', { participantsAudioLevel });
    });
  }

  stopRemoteParticipantsAudioLevelObserver(): void {
    this.#stopObserver?.();
    this.#stopObserver = null;
  }

  startRecording(): void {
    this.#hub.emit('recording-error', { errorMsg: 'The offline demo assistant cannot record.' });
  }

  stopRecording(): void {
    // Nothing records in the offline demo, so there is nothing to stop.
  }

  async updateInputSettings(
    inputSettings: DailyInputSettings,
  ): Promise<{ inputSettings: DailyInputSettings }> {
    // Processors (noise cancellation) are accepted as daily-js accepts them; the demo only
    // measures the microphone's level. A custom track (the client's gain) replaces the mic.
    const settings = inputSettings.audio?.settings;
    if (settings && 'customTrack' in settings && this.#mic) {
      this.#engine?.attachMicrophone(settings.customTrack);
    }
    this.#hub.emit('input-settings-updated', { inputSettings });
    return { inputSettings };
  }

  /**
   * The seam's chainable methods return daily-js's `DailyCall`. The demo room is only the
   * seam's part of one, and the call client never chains past the seam.
   */
  #chain(): DailyCall {
    return this as unknown as DailyCall;
  }

  #enterRoom(engine: DemoAudioEngine, mic: MicrophoneGrant): void {
    const roster = this.#roster;
    this.#mic = mic;
    handOverMicrophone(engine, mic, roster.audioOn, this.#hub);
    roster.enter(mic.track, engine.voiceTrack());
    // The room's deps carry the conversation's script, voice and host.
    this.#conversation = new Conversation({
      ...this.#deps,
      audio: engine,
      send: (message) => {
        if (this.#state === 'joined-meeting') {
          emitAssistantMessage(this.#hub, roster.assistantId, message);
        }
      },
      hangUp: () => this.#assistantHangsUp(),
    });
    this.#conversation.setMicEnabled(roster.audioOn);
    this.#state = 'joined-meeting';
    this.#timers.after(ASSISTANT_ARRIVAL_MS, () => {
      roster.assistantPresent = true;
      this.#hub.emit('participant-joined', { participant: roster.assistant() });
      if (this.#autoSubscribe) {
        this.#subscribe();
      }
    });
  }

  #subscribe(): void {
    const roster = this.#roster;
    if (roster.subscribed || !roster.assistantPresent || this.#state !== 'joined-meeting') {
      return;
    }
    roster.subscribed = true;
    const assistant = roster.assistant();
    this.#hub.emit('participant-updated', { participant: assistant });
    const track = assistant.tracks.audio.track;
    if (track) {
      this.#hub.emit('track-started', { participant: assistant, track, type: 'audio' });
    }
    this.#timers.after(PLAYABLE_FALLBACK_MS, () => this.#conversation?.start());
  }

  #assistantHangsUp(): void {
    if (this.#state === 'joined-meeting') {
      this.#state = 'error';
      emitServerHangUp(this.#hub, this.#roster.assistant());
      void this.#release();
    }
  }

  /** Stops the conversation, the timers, the audio engine and any microphone the room opened. */
  async #release(): Promise<void> {
    this.#conversation?.dispose();
    this.#conversation = null;
    this.#stopObserver = null;
    this.#timers.clearAll();
    this.#roster.leave();
    this.#mic?.release();
    this.#mic = null;
    const engine = this.#engine;
    this.#engine = null;
    await engine?.close();
  }
}
