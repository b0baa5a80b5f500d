import type { DailyEvent, DailyEventObject } from '@daily-co/daily-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEAKER_USER_NAME } from '../../widget/call/call-constants.ts';
import type { CallTransport } from '../../widget/call/transport.ts';
import {
  ASSISTANT_ARRIVAL_MS,
  FIRST_MESSAGE_DELAY_MS,
  HANG_UP_DELAY_MS,
  JOIN_DELAY_MS,
  PLAYABLE_FALLBACK_MS,
} from '../../widget/demo/demo-timings.ts';
import { DemoTransport } from '../../widget/demo/demo-transport.ts';
import {
  FAKE_DURATIONS,
  FAKE_VOICE_LEVEL,
  FakeAudioEngine,
  fakeTrack,
} from '../fixtures/demo/fake-audio-engine.ts';

const EVENTS: DailyEvent[] = [
  'joining-meeting',
  'joined-meeting',
  'participant-joined',
  'participant-updated',
  'participant-left',
  'track-started',
  'track-stopped',
  'app-message',
  'left-meeting',
  'error',
  'camera-error',
  'call-instance-destroyed',
];

/** One short line per room event: what a Daily client would see. */
function describeEvent(event: DailyEventObject): string {
  const e = event as DailyEventObject & Record<string, unknown>;
  switch (event.action) {
    case 'app-message': {
      const data = String(e.data);
      return data.startsWith('{') ? `app-message ${JSON.parse(data).type}` : `app-message ${data}`;
    }
    case 'participant-joined':
    case 'participant-updated':
    case 'participant-left': {
      const p = (e as unknown as DailyEventObject<'participant-joined'>).participant;
      return `${event.action} ${p.local ? 'local' : p.user_name}`;
    }
    case 'track-started':
    case 'track-stopped':
      return `${event.action} ${(e as unknown as DailyEventObject<'track-started'>).type}`;
    case 'error':
      return `error ${(e as unknown as DailyEventObject<'error'>).error?.type}`;
    default:
      return event.action;
  }
}

let engine: FakeAudioEngine;
let mic: ReturnType<typeof fakeTrack>;
let room: DemoTransport;
let seen: string[];
let ids: number;

function record(transport: CallTransport): void {
  for (const name of EVENTS) {
    transport.on(name, (event) => seen.push(describeEvent(event)));
  }
}

/** Joins as the call client does (its own mic track, manual subscription), to the assistant. */
async function joinAndSubscribe(): Promise<string> {
  const joined = room.join({ url: 'demo://room/1', subscribeToTracksAutomatically: false });
  await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS);
  await joined;
  await vi.advanceTimersByTimeAsync(ASSISTANT_ARRIVAL_MS);
  const assistant = Object.values(room.participants()).find((p) => !p.local);
  if (!assistant) {
    throw new Error('the assistant did not join');
  }
  room.updateParticipant(assistant.session_id, { setSubscribedTracks: { audio: true } });
  await vi.advanceTimersByTimeAsync(0);
  return assistant.session_id;
}

beforeEach(() => {
  vi.useFakeTimers();
  engine = new FakeAudioEngine();
  mic = fakeTrack();
  seen = [];
  ids = 0;
  room = new DemoTransport({
    options: { audioSource: mic },
    createEngine: () => engine,
    newId: () => `id-${++ids}`,
  });
  record(room);
});

afterEach(async () => {
  await room.destroy();
  vi.useRealTimers();
});

describe('demo room (CallTransport)', () => {
  it('joins after a realistic delay and then receives the assistant', async () => {
    let resolved = false;
    const joined = room.join({ subscribeToTracksAutomatically: false }).then((participants) => {
      resolved = true;
      return participants;
    });
    expect(room.state).toBe('joining-meeting');
    await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const participants = await joined;
    expect(Object.keys(participants)).toEqual(['local']);
    expect(room.state).toBe('joined-meeting');
    expect(engine.loaded).toBe(true);
    expect(engine.attachedMic).toBe(mic);

    await vi.advanceTimersByTimeAsync(ASSISTANT_ARRIVAL_MS);
    expect(seen).toEqual(['joining-meeting', 'joined-meeting', 'participant-joined Vapi Speaker']);
    const assistant = Object.values(room.participants()).find((p) => !p.local);
    expect(assistant?.user_name).toBe(SPEAKER_USER_NAME);
    expect(assistant?.tracks.audio.state).toBe('sendable');
  });

  it('delivers the voice track on subscription and starts when the client says playable', async () => {
    const assistantId = await joinAndSubscribe();
    expect(seen.slice(3)).toEqual(['participant-updated Vapi Speaker', 'track-started audio']);
    const assistant = room.participants()[assistantId];
    expect(assistant?.tracks.audio.state).toBe('playable');
    expect(assistant?.tracks.audio.track).toBe(engine.output);

    const levels: Array<Record<string, number>> = [];
    room.on('remote-participants-audio-level', (e) => levels.push(e.participantsAudioLevel));
    await room.startRemoteParticipantsAudioLevelObserver(100);
    room.sendAppMessage('playable', '*');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.slice(5)).toEqual(['app-message listening', 'app-message status-update']);
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 100);
    expect(engine.playing).toBe('greeting');
    expect(levels.at(-1)).toEqual({ [assistantId]: FAKE_VOICE_LEVEL });
    await vi.advanceTimersByTimeAsync(FAKE_DURATIONS.greeting);
    expect(levels.at(-1)).toEqual({ [assistantId]: 0 });
  });

  it('starts anyway when the client never says playable', async () => {
    await joinAndSubscribe();
    await vi.advanceTimersByTimeAsync(PLAYABLE_FALLBACK_MS + FIRST_MESSAGE_DELAY_MS);
    expect(seen).toContain('app-message listening');
    expect(engine.playing).toBe('greeting');
  });

  it('reports remote levels every interval while the observer runs', async () => {
    const assistantId = await joinAndSubscribe();
    const levels: Array<Record<string, number>> = [];
    room.on('remote-participants-audio-level', (e) => levels.push(e.participantsAudioLevel));
    await room.startRemoteParticipantsAudioLevelObserver(100);
    room.sendAppMessage('playable');
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 1000);
    expect(levels.length).toBe(13);
    expect(levels.at(0)).toEqual({ [assistantId]: 0 });
    expect(levels.at(-1)).toEqual({ [assistantId]: FAKE_VOICE_LEVEL });
    room.stopRemoteParticipantsAudioLevelObserver();
    await vi.advanceTimersByTimeAsync(1000);
    expect(levels.length).toBe(13);
  });

  it('mutes the microphone track with setLocalAudio and reports it', async () => {
    await joinAndSubscribe();
    seen = [];
    room.setLocalAudio(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(mic.enabled).toBe(false);
    expect(room.localAudio()).toBe(false);
    expect(seen).toEqual(['participant-updated local']);
    expect(room.participants().local.tracks.audio.state).toBe('off');
    room.setLocalAudio(true);
    expect(mic.enabled).toBe(true);
    expect(room.localAudio()).toBe(true);
  });

  it('ends the room like the platform when the assistant hangs up', async () => {
    await joinAndSubscribe();
    room.sendAppMessage(JSON.stringify({ type: 'end-call' }));
    await vi.advanceTimersByTimeAsync(HANG_UP_DELAY_MS);
    expect(seen.slice(5)).toEqual([
      'app-message status-update',
      'track-stopped audio',
      'participant-left Vapi Speaker',
      'error ejected',
    ]);
    expect(room.state).toBe('error');
    expect(engine.closed).toBe(true);
    expect(room.pendingTimers).toBe(0);
  });

  it('is destroyed cleanly: left-meeting, no timers, the engine closed, the client’s mic untouched', async () => {
    await joinAndSubscribe();
    await room.startRemoteParticipantsAudioLevelObserver(100);
    room.sendAppMessage('playable');
    await vi.advanceTimersByTimeAsync(FIRST_MESSAGE_DELAY_MS + 500);
    await room.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.slice(-2)).toEqual(['left-meeting', 'call-instance-destroyed']);
    expect(room.state).toBe('left-meeting');
    expect(room.pendingTimers).toBe(0);
    expect(engine.closed).toBe(true);
    expect(engine.playing).toBeNull();
    expect(mic.readyState).toBe('live');
    expect(() => room.sendAppMessage('playable')).toThrow('only supported after join');
    await expect(room.join()).rejects.toThrow('Use after destroy');
  });

  it('rejects the join and releases everything when destroyed while joining', async () => {
    const joined = room.join();
    await vi.advanceTimersByTimeAsync(100);
    await room.destroy();
    await expect(joined).rejects.toThrow('left before the join completed');
    expect(room.pendingTimers).toBe(0);
    expect(engine.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS);
    expect(seen).toEqual(['joining-meeting', 'call-instance-destroyed']);
  });

  it('rejects the join when the voice cannot be loaded', async () => {
    engine.loadError = new Error('clip missing');
    const joined = room.join();
    const outcome = expect(joined).rejects.toThrow('clip missing');
    await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS);
    await outcome;
    expect(room.state).toBe('error');
    expect(room.pendingTimers).toBe(0);
  });

  it('opens and releases its own microphone when the client hands none over', async () => {
    const own = fakeTrack('own');
    const getUserMedia = vi.fn(async () => ({
      getAudioTracks: () => [own],
      getTracks: () => [own],
    }));
    const other = new DemoTransport({
      options: {},
      createEngine: () => new FakeAudioEngine(),
      mediaDevices: { getUserMedia } as unknown as Pick<MediaDevices, 'getUserMedia'>,
    });
    const joined = other.join();
    await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS);
    await joined;
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(other.localAudio()).toBe(true);
    await other.destroy();
    expect(own.readyState).toBe('ended');
  });

  it('reports a denied microphone as daily-js does: camera-error, and a room without audio', async () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    const other = new DemoTransport({
      options: { audioSource: true },
      createEngine: () => new FakeAudioEngine(),
      mediaDevices: { getUserMedia: () => Promise.reject(denied) },
    });
    const errors: string[] = [];
    other.on('camera-error', (e) => errors.push(e.error.type));
    const joined = other.join();
    await vi.advanceTimersByTimeAsync(JOIN_DELAY_MS);
    await joined;
    expect(errors).toEqual(['permissions']);
    expect(other.localAudio()).toBe(false);
    await other.destroy();
  });

  it('removes handlers with off', () => {
    const handler = () => undefined;
    const before = room.listenerCount;
    room.on('app-message', handler);
    expect(room.listenerCount).toBe(before + 1);
    room.off('app-message', handler);
    expect(room.listenerCount).toBe(before);
  });
});
