import { describe, expect, test } from 'vitest';
import { buildJoinOptions, buildRoomOptions } from '../../widget/call/room-options.ts';
import { FakeTrack } from '../helpers/fake-daily.ts';

describe('room options (docs/behaviour.md#constants)', () => {
  test('audio from the preflighted track, video follows recording, avoidEval on by default', () => {
    const mic = new FakeTrack('audio');
    expect(buildRoomOptions({ videoRecording: false }, mic.track, {})).toEqual({
      audioSource: mic.track,
      videoSource: false,
      dailyConfig: { avoidEval: true },
    });
    expect(buildRoomOptions({ videoRecording: true }, undefined, {})).toMatchObject({
      audioSource: true,
      videoSource: true,
    });
  });

  test('host settings pass through unchanged', () => {
    expect(
      buildRoomOptions({ videoRecording: false }, undefined, {
        avoidEval: false,
        bundlePathOverride: 'https://cdn.example/daily/',
        allowMultipleCallInstances: false,
      }),
    ).toEqual({
      audioSource: true,
      videoSource: false,
      dailyConfig: { avoidEval: false, bundlePathOverride: 'https://cdn.example/daily/' },
      allowMultipleCallInstances: false,
    });
  });

  test('join options carry the URL, the token when there is one, and manual subscription', () => {
    expect(buildJoinOptions({ url: 'u', token: undefined })).toEqual({
      url: 'u',
      subscribeToTracksAutomatically: false,
    });
    expect(buildJoinOptions({ url: 'u', token: 't' })).toEqual({
      url: 'u',
      token: 't',
      subscribeToTracksAutomatically: false,
    });
  });
});
