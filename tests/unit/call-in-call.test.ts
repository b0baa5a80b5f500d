import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { callHarness, scenario, startCall, webCallResponse } from '../helpers/call-scenario.ts';
import { fakeParticipant, speakerParticipant } from '../helpers/fake-daily.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

async function connected(options: Parameters<typeof callHarness>[0] = {}) {
  const h = callHarness(options);
  await startCall(h);
  h.recorder.clear();
  return h;
}

describe('call-start', () => {
  test('the server’s listening message emits call-start once', async () => {
    const h = await connected();
    await scenario(h.daily.room).message('listening').message('listening').run();
    expect(h.recorder.lines()).toEqual(['call-start']);
  });

  test('listening during the start stages is held until the call is connected', async () => {
    const h = callHarness();
    h.daily.setJoin({ kind: 'hang' });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    h.daily.room.appMessage('listening');
    h.daily.room.finishJoin();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recorder.lines().slice(-3)).toEqual([
      'state:connected',
      'call-start-success',
      'call-start',
    ]);
  });
});

describe('speech and volume (docs/behaviour.md#states, §9)', () => {
  test('speech-start above 0.01, speech-end 1000 ms after the level was last above it', async () => {
    const h = await connected();
    const times: Array<[string, number]> = [];
    const t0 = Date.now();
    h.client.on('speech-start', () => times.push(['speech-start', Date.now() - t0]));
    h.client.on('speech-end', () => times.push(['speech-end', Date.now() - t0]));
    await scenario(h.daily.room)
      .level(0.005) // below the threshold: silence
      .wait(250)
      .level(0.05) // sampled at 300 ms
      .wait(200)
      .level(0.011) // still above: the end moves to 500 + 1000
      .wait(100)
      .level(0) // last loud sample at 500 ms
      .wait(2000)
      .run();
    expect(times).toEqual([
      ['speech-start', 300],
      ['speech-end', 1500],
    ]);
  });

  test('the observer samples every 100 ms and volume is level ÷ 0.15, capped at 1', async () => {
    const h = await connected();
    expect(h.daily.room.state.observerInterval).toBe(100);
    await scenario(h.daily.room)
      .level(0.03)
      .wait(100)
      .level(0.3)
      .wait(100)
      .level(0)
      .wait(100)
      .run();
    expect(h.recorder.payloads('volume-level').map((v) => Number(v.toFixed(6)))).toEqual([
      0.2, 1, 0,
    ]);
  });

  test('a level sum across participants counts as one speaker', async () => {
    const h = await connected();
    h.daily.room.setRemoteAudioLevel(0.006, 'a');
    h.daily.room.setRemoteAudioLevel(0.006, 'b');
    await vi.advanceTimersByTimeAsync(100);
    expect(h.recorder.lines()).toEqual(['volume:0.08', 'speech-start']);
  });
});

describe('messages', () => {
  test('JSON app messages are passed on tagged by type; unknown types too', async () => {
    const h = await connected();
    const transcript = {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Hi',
    };
    await scenario(h.daily.room)
      .message(transcript)
      .message({ type: 'brand-new-type', x: 1 })
      .run();
    expect(h.recorder.payloads('message')).toEqual([transcript, { type: 'brand-new-type', x: 1 }]);
  });

  test('unparseable messages are logged and dropped without an error event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const h = await connected();
    await scenario(h.daily.room)
      .message('{not json')
      .message('[1,2]')
      .message('{"no":"type"}')
      .run();
    expect(h.recorder.lines()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/could not be parsed \(not JSON\)/);
    warn.mockRestore();
  });
});

describe('ending a call (docs/behaviour.md#states)', () => {
  test('stop(): idle, then the customer-ended status, then call-end; everything released', async () => {
    const h = await connected();
    await h.client.stop();
    expect(h.recorder.lines()).toEqual([
      'state:idle',
      'message:status-update:ended:customer-ended-call',
      'call-end',
    ]);
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(h.daily.room.listenerCount()).toBe(0);
    expect(h.media.allReleased()).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('no extra status-update when the server already sent ended', async () => {
    const h = await connected();
    await scenario(h.daily.room)
      .message({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' })
      .run();
    await h.client.stop();
    expect(h.recorder.lines()).toEqual([
      'message:status-update:ended:assistant-ended-call',
      'state:idle',
      'call-end',
    ]);
  });

  test('an ejection after the server ended the call is a normal end, not an error', async () => {
    const h = await connected();
    h.daily.room.appMessage(JSON.stringify({ type: 'status-update', status: 'ended' }));
    h.daily.room.emit('error', { errorMsg: 'ejected', error: { type: 'ejected', msg: 'ejected' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recorder.lines()).toEqual(['message:status-update:ended:', 'state:idle', 'call-end']);
  });

  test('a room failure during the call emits daily-call-error, then ends the call', async () => {
    const h = await connected();
    h.daily.room.emit('error', {
      errorMsg: 'network lost',
      error: { type: 'connection-error', msg: 'network lost' },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recorder.lines()).toEqual([
      'state:idle',
      'error:daily-call-error',
      'message:status-update:ended:customer-ended-call',
      'call-end',
    ]);
    const [error] = h.recorder.payloads('error');
    expect(error?.message).toBe('The call was interrupted (network lost).');
    expect(error?.recoverable).toBe(false);
  });

  test('the room leaving (assistant hung up) ends the call once', async () => {
    const h = await connected();
    h.daily.room.emit('left-meeting', {});
    h.daily.room.emit('left-meeting', {});
    await vi.advanceTimersByTimeAsync(0);
    await h.client.stop();
    expect(h.recorder.lines()).toEqual([
      'state:idle',
      'message:status-update:ended:customer-ended-call',
      'call-end',
    ]);
  });

  test('a recording call stops its recording when it ends', async () => {
    const h = await connected({
      response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
    });
    expect(h.daily.room.state.recording).toBe(true);
    await h.client.stop();
    expect(h.daily.room.calls).toContain('stopRecording');
    expect(h.daily.room.state.recording).toBe(false);
  });
});

describe('participants and tracks (docs/behaviour.md#constants)', () => {
  test('non-local participants get audio; video only when recording or avatar voice', async () => {
    const plain = await connected();
    plain.daily.room.addParticipant(speakerParticipant());
    expect(plain.daily.room.subscriptions).toEqual([
      { id: 'speaker-1', updates: { setSubscribedTracks: { audio: true, video: false } } },
    ]);

    const avatar = await connected({
      response: webCallResponse({
        assistant: { voice: { provider: 'tavus', voiceId: 'r52da2535a' } },
      }),
    });
    avatar.daily.room.addParticipant(speakerParticipant());
    expect(avatar.daily.room.subscriptions.at(-1)?.updates).toEqual({
      setSubscribedTracks: { audio: true, video: true },
    });

    const recorded = await connected({
      response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
    });
    recorded.daily.room.addParticipant(fakeParticipant({ session_id: 'guest' }));
    expect(recorded.daily.room.subscriptions.at(-1)).toEqual({
      id: 'guest',
      updates: { setSubscribedTracks: { audio: true, video: true } },
    });
  });

  test('participants already in the room are subscribed after join', async () => {
    const h = callHarness({ daily: { present: [speakerParticipant('early')] } });
    await startCall(h);
    expect(h.daily.room.subscriptions).toEqual([
      { id: 'early', updates: { setSubscribedTracks: { audio: true, video: false } } },
    ]);
  });

  test('only the speaker’s audio is played, in one <audio> element, announced as playable', async () => {
    const h = await connected();
    const speaker = speakerParticipant();
    const guest = fakeParticipant({ session_id: 'guest', user_name: 'Someone' });
    h.daily.room.startTrack(guest, 'audio');
    h.daily.room.startTrack(speaker, 'audio');
    await vi.advanceTimersByTimeAsync(0);
    const players = document.querySelectorAll('audio');
    expect(players).toHaveLength(1);
    expect(players[0]?.dataset.participantId).toBe('speaker-1');
    expect(h.daily.room.sent).toEqual(['playable']);

    h.daily.room.emit('participant-left', { participant: speaker });
    expect(document.querySelectorAll('audio')).toHaveLength(0);
  });

  test('the avatar’s video track is passed on as video', async () => {
    const h = await connected({
      response: webCallResponse({
        assistant: { voice: { provider: 'tavus', voiceId: 'r52da2535a' } },
      }),
    });
    const track = h.daily.room.startTrack(speakerParticipant(), 'video');
    expect(h.recorder.payloads('video')).toEqual([track.track]);
  });

  test('camera errors and network changes are passed on', async () => {
    const h = await connected();
    const camera = {
      errorMsg: { errorMsg: 'mic busy' },
      error: { type: 'mic-in-use', msg: 'busy' },
    } as const;
    h.daily.room.emit('camera-error', camera);
    h.daily.room.emit('network-connection', { type: 'sfu', event: 'interrupted' });
    h.daily.room.emit('network-quality-change', {
      networkState: 'bad',
      networkStateReasons: [],
      stats: {},
      threshold: 'low',
      quality: 20,
    });
    expect(h.recorder.lines()).toEqual([
      'camera-error',
      'network-connection',
      'network-quality-change',
    ]);
    expect(h.recorder.payloads('camera-error')[0]).toMatchObject(camera);
  });
});

describe('video recording (docs/behaviour.md#web-call, §9)', () => {
  test('recording-started sends say-first-message with the recording delay in seconds', async () => {
    const h = await connected({
      response: webCallResponse({ artifactPlan: { videoRecordingEnabled: true } }),
    });
    await vi.advanceTimersByTimeAsync(2500);
    h.daily.room.emit('recording-started', {});
    expect(h.daily.room.sent.map((m) => JSON.parse(String(m)))).toEqual([
      { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 2.5 },
    ]);
  });
});

describe('audio-processor errors (docs/behaviour.md#errors)', () => {
  test('noise processing is turned off and local audio comes back for an unmuted user', async () => {
    const h = callHarness();
    await startCall(h);
    h.daily.room.emit('nonfatal-error', {
      type: 'audio-processor-error',
      errorMsg: 'worklet crashed',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.daily.room.inputSettings.at(-1)).toEqual({ audio: { processor: { type: 'none' } } });
    expect(h.daily.room.calls.at(-1)).toBe('setLocalAudio(true)');
  });

  test('a user who muted themselves is never unmuted by it', async () => {
    const h = callHarness();
    await startCall(h);
    h.client.setMuted(true);
    h.daily.room.emit('nonfatal-error', {
      type: 'audio-processor-error',
      errorMsg: 'worklet crashed',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.daily.room.inputSettings.at(-1)).toEqual({ audio: { processor: { type: 'none' } } });
    expect(h.daily.room.calls.filter((c) => c.startsWith('setLocalAudio'))).toEqual([
      'setLocalAudio(false)',
    ]);
    expect(h.client.isMuted()).toBe(true);
  });

  test('other non-fatal errors change nothing', async () => {
    const h = callHarness();
    await startCall(h);
    const calls = h.daily.room.calls.length;
    h.daily.room.emit('nonfatal-error', { type: 'screen-share-error', errorMsg: 'x' });
    expect(h.daily.room.calls).toHaveLength(calls);
  });
});
