import type {
  DailyCall,
  DailyCallOptions,
  DailyEvent,
  DailyEventObject,
  DailyInputSettings,
  DailyMeetingState,
  DailyParticipant,
  DailyParticipantsObject,
  DailyParticipantUpdateOptions,
  DailyStreamingOptions,
} from '@daily-co/daily-js';
import type {
  CallTransport,
  CallTransportFactory,
  CallTransportOptions,
} from '../../widget/call/transport.ts';

// A fake daily-js room for unit tests and the bench. The transport object is built with
// `satisfies CallTransport`, a Pick of daily-js's own `DailyCall`, so it stops compiling when
// daily-js changes a signature we rely on. Test controls live on the separate `FakeRoom` handle.
// It mimics the daily-js behaviours the client must survive: `join()` rejecting with a plain
// string, `sendAppMessage` throwing before join or over 4096 characters, an interval-driven
// audio-level observer (a real timer, so a leaked observer shows up in the timer count).

/** The payload of a daily-js event, without the fields the fake fills in. */
export type EventPayload<T extends DailyEvent> = Omit<
  DailyEventObject<T>,
  'action' | 'callClientId'
>;

/** Methods whose next call can be made to fail. */
export type FailableMethod =
  | 'startRecording'
  | 'startRemoteParticipantsAudioLevelObserver'
  | 'updateInputSettings'
  | 'destroy';

/** How `join()` behaves. */
export type JoinBehaviour =
  | { kind: 'resolve'; delayMs?: number }
  | { kind: 'reject'; reason: unknown; delayMs?: number }
  | { kind: 'hang' };

// ---------------------------------------------------------------- media fakes

/** A MediaStreamTrack stand-in with the fields the client reads. */
export class FakeTrack {
  readonly id: string;
  readyState: MediaStreamTrackState = 'live';
  enabled = true;
  stopped = false;
  constructor(
    readonly kind: 'audio' | 'video',
    id?: string,
  ) {
    this.id = id ?? `${kind}-${Math.random().toString(36).slice(2, 8)}`;
  }
  stop(): void {
    this.stopped = true;
    this.readyState = 'ended';
  }
  /** The OS took the device away: the track ends without `stop()`. */
  end(): void {
    this.readyState = 'ended';
  }
  get track(): MediaStreamTrack {
    return this as unknown as MediaStreamTrack;
  }
}

/** A MediaStream stand-in over fake tracks (works in Node, where MediaStream does not exist). */
export function fakeStream(...tracks: FakeTrack[]): MediaStream {
  return {
    getTracks: () => tracks.map((t) => t.track),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio').map((t) => t.track),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video').map((t) => t.track),
  } as unknown as MediaStream;
}

/** `navigator.mediaDevices` stand-in: hands out fake microphones or fails with `error`. */
export function fakeMediaDevices(options: { error?: unknown } = {}) {
  const microphones: FakeTrack[] = [];
  let error = options.error;
  let pending: (() => void) | null = null;
  let hold = false;
  const mediaDevices: Pick<MediaDevices, 'getUserMedia'> = {
    getUserMedia: () => {
      if (error !== undefined) {
        return Promise.reject(error);
      }
      const mic = new FakeTrack('audio');
      microphones.push(mic);
      if (hold) {
        return new Promise<MediaStream>((resolve) => {
          pending = () => resolve(fakeStream(mic));
        });
      }
      return Promise.resolve(fakeStream(mic));
    },
  };
  return {
    mediaDevices,
    microphones,
    /** Every microphone handed out has been stopped. */
    allReleased: () => microphones.every((m) => m.stopped),
    failWith(next: unknown) {
      error = next;
    },
    /** Keeps the next requests pending until `answerPrompt()` (a permission prompt left open). */
    holdPrompts() {
      hold = true;
    },
    answerPrompt() {
      hold = false;
      pending?.();
      pending = null;
    },
  };
}

/** An AudioContext stand-in for `increaseMicLevel`, counting open contexts. */
export function fakeAudioContexts() {
  const contexts: Array<{ state: AudioContextState; gain: { value: number }; closed: boolean }> =
    [];
  const factory = () => {
    const gain = { value: 1 };
    const record = { state: 'running' as AudioContextState, gain, closed: false };
    contexts.push(record);
    const output = new FakeTrack('audio');
    const context = {
      get state() {
        return record.state;
      },
      createGain: () => ({ gain, connect: () => undefined }),
      createMediaStreamDestination: () => ({ stream: fakeStream(output) }),
      createMediaStreamSource: () => ({ connect: () => undefined }),
      close: async () => {
        record.state = 'closed';
        record.closed = true;
        output.stop();
      },
    };
    return context as unknown as AudioContext;
  };
  return { factory, contexts, open: () => contexts.filter((c) => !c.closed).length };
}

// ---------------------------------------------------------------- participants

/** A complete daily-js participant (every required field), with overrides. */
export function fakeParticipant(overrides: Partial<DailyParticipant> = {}): DailyParticipant {
  const track = { subscribed: false, state: 'off', tones: '' } as const;
  return {
    audio: false,
    video: false,
    screen: false,
    tracks: {
      audio: { ...track },
      video: { ...track },
      screenAudio: { ...track },
      screenVideo: { ...track },
    },
    user_id: 'user',
    user_name: 'Guest',
    session_id: `session-${Math.random().toString(36).slice(2, 8)}`,
    will_eject_at: new Date(0),
    local: false,
    owner: false,
    permissions: { hasPresence: true, canSend: true, canReceive: { base: true }, canAdmin: false },
    record: false,
    cam_info: {},
    screen_info: {},
    ...overrides,
  };
}

/** The remote participant the client plays: the assistant's speaker. */
export function speakerParticipant(sessionId = 'speaker-1'): DailyParticipant {
  return fakeParticipant({ session_id: sessionId, user_name: 'Vapi Speaker', user_id: 'vapi' });
}

// ---------------------------------------------------------------- the room

export interface FakeRoom {
  /** The object the client sees. */
  readonly transport: CallTransport;
  /** What the client passed to the factory. */
  readonly options: CallTransportOptions;
  readonly joinOptions: DailyCallOptions[];
  /** Every transport method called, in order. */
  readonly calls: string[];
  /** Every app message sent, in order. */
  readonly sent: unknown[];
  readonly inputSettings: DailyInputSettings[];
  readonly recordings: DailyStreamingOptions<'recording', 'start'>[];
  readonly subscriptions: Array<{ id: string; updates: DailyParticipantUpdateOptions }>;
  readonly state: {
    meeting: DailyMeetingState;
    localAudio: boolean;
    destroyed: boolean;
    recording: boolean;
    observerInterval: number | null;
  };
  /** Listeners currently registered on the transport. */
  listenerCount(): number;
  /** Fires a daily-js event at the client. */
  emit<T extends DailyEvent>(event: T, payload: EventPayload<T>): void;
  /** Sends an app message from the server. */
  appMessage(data: unknown): void;
  /** Sets the remote levels the observer reports every interval. */
  setRemoteAudioLevel(level: number, participantId?: string): void;
  /** A remote participant joins. */
  addParticipant(participant: DailyParticipant): void;
  /** A remote participant's track starts. */
  startTrack(participant: DailyParticipant, kind: 'audio' | 'video'): FakeTrack;
  /** Resolves a join that was left hanging. */
  finishJoin(): void;
}

export interface FakeDailyOptions {
  join?: JoinBehaviour;
  /** The factory rejects with this. */
  createError?: unknown;
  /** Remote participants already in the room when the client joins. */
  present?: DailyParticipant[];
}

export function createFakeDaily(config: FakeDailyOptions = {}) {
  const rooms: FakeRoom[] = [];
  let join: JoinBehaviour = config.join ?? { kind: 'resolve' };
  let createError = config.createError;
  const failures = new Map<FailableMethod, unknown>();

  function takeFailure(method: FailableMethod): unknown {
    const failure = failures.get(method);
    failures.delete(method);
    return failure;
  }

  function buildRoom(options: CallTransportOptions): FakeRoom {
    const handlers = new Map<DailyEvent, Set<(payload: unknown) => void>>();
    const calls: string[] = [];
    const sent: unknown[] = [];
    const joinOptions: DailyCallOptions[] = [];
    const inputSettings: DailyInputSettings[] = [];
    const recordings: DailyStreamingOptions<'recording', 'start'>[] = [];
    const subscriptions: FakeRoom['subscriptions'] = [];
    const state: FakeRoom['state'] = {
      meeting: 'new',
      localAudio: true,
      destroyed: false,
      recording: false,
      observerInterval: null,
    };
    const local = fakeParticipant({ local: true, session_id: 'local', user_name: 'Visitor' });
    const remotes = new Map<string, DailyParticipant>(
      (config.present ?? []).map((p) => [p.session_id, p]),
    );
    const levels: Record<string, number> = {};
    let observer: ReturnType<typeof setInterval> | null = null;
    let pendingJoin: (() => void) | null = null;

    const fire = (event: DailyEvent, payload: object) => {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        handler({ action: event, callClientId: 'fake', ...payload });
      }
    };
    const joined = () => {
      state.meeting = 'joined-meeting';
      fire('joined-meeting', { participants: participants() });
    };
    const participants = (): DailyParticipantsObject => {
      const all: DailyParticipantsObject = { local };
      for (const [id, p] of remotes) {
        all[id] = p;
      }
      return all;
    };
    const stopObserver = () => {
      if (observer !== null) {
        clearInterval(observer);
        observer = null;
      }
      state.observerInterval = null;
    };
    const after = (ms: number | undefined, run: () => void) => {
      if (ms) {
        setTimeout(run, ms);
      } else {
        run();
      }
    };

    let self: CallTransport;
    // daily-js's chainable methods return the full DailyCall; the client never uses the value.
    const chain = () => self as unknown as DailyCall;

    const transport = {
      join(properties?: DailyCallOptions) {
        calls.push('join');
        joinOptions.push(properties ?? {});
        state.meeting = 'joining-meeting';
        const behaviour = join;
        return new Promise<DailyParticipantsObject | undefined>((resolve, reject) => {
          if (behaviour.kind === 'hang') {
            pendingJoin = () => {
              joined();
              resolve(participants());
            };
            return;
          }
          after(behaviour.delayMs, () => {
            if (behaviour.kind === 'reject') {
              state.meeting = 'error';
              reject(behaviour.reason);
            } else {
              joined();
              resolve(participants());
            }
          });
        });
      },
      async destroy() {
        calls.push('destroy');
        const failure = takeFailure('destroy');
        stopObserver();
        if (state.meeting === 'joined-meeting') {
          state.meeting = 'left-meeting';
          fire('left-meeting', {});
        }
        state.destroyed = true;
        if (failure !== undefined) {
          throw failure;
        }
      },
      on<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void) {
        const set = handlers.get(event) ?? new Set();
        set.add(handler as (payload: unknown) => void);
        handlers.set(event, set);
        return chain();
      },
      off<T extends DailyEvent>(event: T, handler: (event: DailyEventObject<T>) => void) {
        handlers.get(event)?.delete(handler as (payload: unknown) => void);
        return chain();
      },
      // biome-ignore lint/suspicious/noExplicitAny: daily-js's own signature takes `any`.
      sendAppMessage(data: any, to?: string | string[]) {
        calls.push('sendAppMessage');
        if (state.meeting !== 'joined-meeting') {
          throw new Error('sendAppMessage() only supported after join.');
        }
        if (JSON.stringify(data).length > 4096) {
          throw new Error('Message data too large. Max size is 4096');
        }
        void to;
        sent.push(data);
        return chain();
      },
      participants,
      updateParticipant(sessionId: string, updates: DailyParticipantUpdateOptions) {
        calls.push('updateParticipant');
        subscriptions.push({ id: sessionId, updates });
        return chain();
      },
      setLocalAudio(enabled: boolean) {
        calls.push(`setLocalAudio(${enabled})`);
        state.localAudio = enabled;
        return chain();
      },
      localAudio: () => state.localAudio,
      async startRemoteParticipantsAudioLevelObserver(interval?: number) {
        calls.push('startRemoteParticipantsAudioLevelObserver');
        const failure = takeFailure('startRemoteParticipantsAudioLevelObserver');
        if (failure !== undefined) {
          throw failure;
        }
        stopObserver();
        state.observerInterval = interval ?? 200;
        observer = setInterval(
          () => fire('remote-participants-audio-level', { participantsAudioLevel: { ...levels } }),
          state.observerInterval,
        );
      },
      stopRemoteParticipantsAudioLevelObserver() {
        calls.push('stopRemoteParticipantsAudioLevelObserver');
        stopObserver();
      },
      startRecording(options?: DailyStreamingOptions<'recording', 'start'>) {
        calls.push('startRecording');
        const failure = takeFailure('startRecording');
        if (failure !== undefined) {
          throw failure;
        }
        state.recording = true;
        recordings.push(options ?? {});
      },
      stopRecording() {
        calls.push('stopRecording');
        state.recording = false;
      },
      async updateInputSettings(settings: DailyInputSettings) {
        calls.push('updateInputSettings');
        const failure = takeFailure('updateInputSettings');
        if (failure !== undefined) {
          throw failure;
        }
        inputSettings.push(settings);
        return { inputSettings: settings };
      },
    } satisfies CallTransport;
    self = transport;

    return {
      transport,
      options,
      joinOptions,
      calls,
      sent,
      inputSettings,
      recordings,
      subscriptions,
      state,
      listenerCount: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
      emit: (event, payload) => fire(event, payload),
      appMessage: (data) => fire('app-message', { data, fromId: 'server' }),
      setRemoteAudioLevel(level, participantId = 'speaker-1') {
        levels[participantId] = level;
      },
      addParticipant(participant) {
        remotes.set(participant.session_id, participant);
        fire('participant-joined', { participant });
      },
      startTrack(participant, kind) {
        const track = new FakeTrack(kind);
        fire('track-started', { participant, track: track.track, type: kind });
        return track;
      },
      finishJoin() {
        pendingJoin?.();
        pendingJoin = null;
      },
    };
  }

  const factory: CallTransportFactory = async (options) => {
    if (createError !== undefined) {
      throw createError;
    }
    const room = buildRoom(options);
    rooms.push(room);
    return room.transport;
  };

  return {
    factory,
    rooms,
    /** The most recently created room. */
    get room(): FakeRoom {
      const room = rooms.at(-1);
      if (!room) {
        throw new Error('No room was created.');
      }
      return room;
    },
    setJoin(next: JoinBehaviour) {
      join = next;
    },
    failCreateWith(error: unknown) {
      createError = error;
    },
    /** The next call of `method` fails with `error`. */
    failNext(method: FailableMethod, error: unknown) {
      failures.set(method, error);
    },
  };
}

export type FakeDaily = ReturnType<typeof createFakeDaily>;
