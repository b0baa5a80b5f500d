import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { callHarness, startCall } from '../helpers/call-scenario.ts';
import { fakeAudioContexts } from '../helpers/fake-daily.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('controls need a call (docs/behaviour.md#validation)', () => {
  test('setMuted, isMuted, increaseMicLevel, say and send throw "Call object is not available."', async () => {
    const h = callHarness();
    const message = 'Call object is not available.';
    expect(() => h.client.setMuted(true)).toThrow(message);
    expect(() => h.client.isMuted()).toThrow(message);
    await expect(h.client.increaseMicLevel(2)).rejects.toThrow(message);
    expect(() => h.client.say('hi')).toThrow(message);
    expect(() => h.client.send({ type: 'end-call' })).toThrow(message);
    expect(() => h.client.setMuted(true)).toThrow(
      expect.objectContaining({ code: 'no-active-call' }),
    );
  });

  test('they throw again once the call has ended', async () => {
    const h = callHarness();
    await startCall(h);
    await h.client.stop();
    expect(() => h.client.setMuted(false)).toThrow('Call object is not available.');
  });
});

describe('mute', () => {
  test('setMuted switches local audio and isMuted reports it', async () => {
    const h = callHarness();
    await startCall(h);
    expect(h.client.isMuted()).toBe(false);
    h.client.setMuted(true);
    expect(h.client.isMuted()).toBe(true);
    h.client.setMuted(false);
    expect(h.client.isMuted()).toBe(false);
    expect(h.daily.room.calls.filter((c) => c.startsWith('setLocalAudio'))).toEqual([
      'setLocalAudio(false)',
      'setLocalAudio(true)',
    ]);
  });
});

describe('increaseMicLevel', () => {
  test('one AudioContext is reused for every change and released when the call ends', async () => {
    const contexts = fakeAudioContexts();
    const h = callHarness({ client: { audioContextFactory: contexts.factory } });
    await startCall(h);
    await h.client.increaseMicLevel(2);
    await h.client.increaseMicLevel(3);
    expect(contexts.contexts).toHaveLength(1);
    expect(contexts.contexts[0]?.gain.value).toBe(3);
    const customTrack = h.daily.room.inputSettings.at(-1)?.audio?.settings;
    expect(customTrack).toHaveProperty('customTrack');
    expect(h.daily.room.inputSettings.filter((s) => s.audio?.settings)).toHaveLength(1);
    await h.client.stop();
    expect(contexts.open()).toBe(0);
  });

  test('a gain that is not a number of 0 or more is a validation error', async () => {
    const h = callHarness({ client: { audioContextFactory: fakeAudioContexts().factory } });
    await startCall(h);
    await expect(h.client.increaseMicLevel(Number.NaN)).rejects.toMatchObject({
      code: 'validation-error',
    });
    await expect(h.client.increaseMicLevel(-1)).rejects.toMatchObject({ code: 'validation-error' });
  });
});

describe('say and send', () => {
  test('say sends docs/behaviour.md#web-call’s say message with the interruption flags defaulting to false', async () => {
    const h = callHarness();
    await startCall(h);
    h.client.say('Welcome!');
    h.client.say('Bye', true, true, true);
    expect(h.daily.room.sent.map((m) => JSON.parse(String(m)))).toEqual([
      {
        type: 'say',
        message: 'Welcome!',
        interruptionsEnabled: false,
        interruptAssistantEnabled: false,
      },
      {
        type: 'say',
        message: 'Bye',
        endCallAfterSpoken: true,
        interruptionsEnabled: true,
        interruptAssistantEnabled: true,
      },
    ]);
  });

  test('send takes the typed client messages and sends them as JSON text', async () => {
    const h = callHarness();
    await startCall(h);
    h.client.send({
      type: 'add-message',
      message: { role: 'system', content: 'The visitor is on mobile.' },
    });
    h.client.send({ type: 'control', control: 'mute-assistant' });
    h.client.send({ type: 'end-call' });
    expect(h.daily.room.sent).toEqual([
      '{"type":"add-message","message":{"role":"system","content":"The visitor is on mobile."}}',
      '{"type":"control","control":"mute-assistant"}',
      '{"type":"end-call"}',
    ]);
  });

  test('send while still starting is refused before daily-js would throw', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(() => h.client.say('too early')).toThrow('Call object is not available.');
    expect(h.daily.room.calls).not.toContain('sendAppMessage');
  });
});

describe('the 4 KB app-message limit', () => {
  test('an oversize message is a clear error and never reaches daily-js', async () => {
    const h = callHarness();
    await startCall(h);
    const before = h.daily.room.calls.length;
    expect(() => h.client.say('x'.repeat(5000))).toThrow(
      expect.objectContaining({ code: 'message-too-large', name: 'CallError' }),
    );
    expect(() => h.client.say('x'.repeat(5000))).toThrow(/limit is 4096/);
    expect(h.daily.room.calls).toHaveLength(before);
    h.client.say('x'.repeat(3900));
    expect(h.daily.room.sent).toHaveLength(1);
  });

  test('the limit counts the escaped JSON text, as daily-js does', async () => {
    const h = callHarness();
    await startCall(h);
    // 2000 quotes become 4000+ characters once escaped twice: over the limit.
    expect(() => h.client.say('"'.repeat(1000))).toThrow(/too large/);
  });
});
