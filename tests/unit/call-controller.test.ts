import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import type { DemoCallOptions } from '../../widget/demo/demo-call.ts';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import type { CallOptionsOverride } from '../../widget/element/bridge.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { CallController } from '../../widget/session/call-controller.ts';
import { watchLeads } from '../../widget/session/conversation-leads.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';
import { createFakeDaily, fakeMediaDevices, speakerParticipant } from '../helpers/fake-daily.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Setup {
  attributes?: Partial<AttributeValues>;
  microphoneError?: unknown;
  webCallError?: unknown;
  overrides?: 'fake' | 'none';
}

function setup(options: Setup = {}) {
  const host = document.createElement('voice-assistant-test');
  document.body.append(host);
  const events: string[] = [];
  for (const name of [
    'state-change',
    'call-start',
    'call-end',
    'speech-start',
    'speech-end',
    'message',
    'error',
  ]) {
    host.addEventListener(`voice-assistant:${name}`, (event) => {
      const detail = (event as CustomEvent).detail;
      events.push(detail === null ? name : `${name} ${JSON.stringify(detail)}`);
    });
  }
  const daily = createFakeDaily({ present: [speakerParticipant()] });
  const media = fakeMediaDevices(
    options.microphoneError === undefined ? {} : { error: options.microphoneError },
  );
  const webCalls: unknown[] = [];
  const createWebCall: WebCallCreator = async (payload) => {
    webCalls.push(payload);
    if (options.webCallError !== undefined) {
      throw options.webCallError;
    }
    return { id: 'call-1', webCallUrl: 'https://example.daily.co/room' };
  };
  const attributes = attributeValues({
    assistantId: 'asst_1',
    publicKey: 'pk_1',
    ...options.attributes,
  });
  const overrides: CallOptionsOverride = {
    mediaDevices: media.mediaDevices,
    ...(options.overrides === 'none' ? {} : { transportFactory: daily.factory, createWebCall }),
  };
  const demo: DemoCallOptions = {
    publicKey: 'demo',
    transportFactory: daily.factory,
    createWebCall,
  };
  const loadDemo = vi.fn(async () => demo);
  const config = () => parseAttributes(attributes);
  const leads = watchLeads({ host, config });
  const session = new CallController({
    host,
    config,
    leads,
    callOptions: () => overrides,
    loadDemo,
    userAgent: CHROME,
    now: () => Date.now(),
    texts: () => en,
  });
  return { session, events, daily, media, webCalls, loadDemo, host };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('CallController', () => {
  it('runs a call: idle → connecting → active → idle, re-dispatching the client events in order', async () => {
    const { session, events, daily, webCalls } = setup();
    const statuses: string[] = [];
    session.subscribe(() =>
      statuses.push(`${session.getSnapshot().state}: ${session.getSnapshot().status}`),
    );

    const started = session.start();
    expect(session.getSnapshot().state).toBe('connecting');
    await started;
    // The page's URL always goes along as {{page_url}} (docs/behaviour.md#leads).
    expect(webCalls).toEqual([
      {
        assistantId: 'asst_1',
        assistantOverrides: { variableValues: { page_url: location.href } },
      },
    ]);
    expect(session.getSnapshot().state).toBe('active');

    daily.room.appMessage('listening');
    daily.room.setRemoteAudioLevel(0.06);
    await vi.advanceTimersByTimeAsync(100);
    daily.room.appMessage(
      JSON.stringify({ type: 'transcript', role: 'assistant', transcript: 'Hi' }),
    );
    daily.room.setRemoteAudioLevel(0);
    await vi.advanceTimersByTimeAsync(1100);
    await session.stop();

    expect(events).toEqual([
      'state-change {"state":"connecting"}',
      'state-change {"state":"active"}',
      'call-start',
      'speech-start',
      'message {"type":"transcript","role":"assistant","transcript":"Hi"}',
      'speech-end',
      'state-change {"state":"idle"}',
      'message {"type":"status-update","status":"ended","endedReason":"customer-ended-call"}',
      'call-end',
    ]);
    expect(statuses).toEqual([
      'connecting: ',
      'active: Connected. Start talking.',
      'idle: Call ended.',
    ]);
  });

  it('smooths the assistant volume for the wave and tells the indicator of each sample', async () => {
    const { session, daily } = setup();
    const samples = vi.fn();
    session.onSample(samples);
    await session.start();
    daily.room.setRemoteAudioLevel(0.075);
    await vi.advanceTimersByTimeAsync(100);
    expect(samples).toHaveBeenCalled();
    expect(session.volume.target).toBeCloseTo(0.5);
    await session.stop();
    expect(session.volume.target).toBe(0);
  });

  it('sends squad, workflow and overrides as the call target', async () => {
    const { session, webCalls } = setup({
      attributes: {
        assistantId: null,
        squadId: 'sq_1',
        assistantOverrides: '{"firstMessage":"Hey"}',
      },
    });
    await session.start();
    expect(webCalls).toEqual([
      {
        squadId: 'sq_1',
        assistantOverrides: { firstMessage: 'Hey', variableValues: { page_url: location.href } },
      },
    ]);
    await session.stop();
  });

  it('returns to idle with what to do when the web call fails, and can start again', async () => {
    const { session, events } = setup({ webCallError: new Error('HTTP 401 Unauthorized') });
    await session.start();
    expect(session.getSnapshot()).toEqual({
      state: 'idle',
      status: expect.stringMatching(
        /^The assistant could not be reached: .*Check the assistant id/,
      ),
    });
    const error = events.find((e) => e.startsWith('error'));
    expect(error).toContain('"code":"web-call-creation-error"');
    expect(error).toContain('"stage":"web-call-creation"');
    expect(error).toContain('"recoverable":false');
    expect(events.at(-1)).toMatch(/^error/);
    expect(events.filter((e) => e.startsWith('state-change'))).toEqual([
      'state-change {"state":"connecting"}',
      'state-change {"state":"idle"}',
    ]);
  });

  it('names the browser setting when the microphone is denied', async () => {
    const { session, events, webCalls } = setup({
      microphoneError: new DOMException('Permission denied', 'NotAllowedError'),
    });
    await session.start();
    expect(webCalls).toEqual([]);
    expect(session.getSnapshot().state).toBe('idle');
    expect(session.getSnapshot().status).toBe(
      'Microphone access is blocked. In Chrome, click the site-settings icon at the left of the address bar and set Microphone to Allow, then press “Talk to Assistant” again.',
    );
    expect(events.at(-1)).toContain('"code":"microphone-denied"');
  });

  it('loads the demo assistant only in demo mode', async () => {
    const real = setup({ overrides: 'none' });
    void real.session.start();
    expect(real.loadDemo).not.toHaveBeenCalled();
    await real.session.stop();

    const demo = setup({ overrides: 'none', attributes: { publicKey: null } });
    await demo.session.start();
    expect(demo.loadDemo).toHaveBeenCalledTimes(1);
    expect(demo.session.getSnapshot().state).toBe('active');
    await demo.session.stop();
  });

  it('cancels a start that is still loading the demo assistant', async () => {
    const { session, loadDemo, webCalls } = setup({ overrides: 'none', attributes: { demo: '' } });
    let release: () => void = () => undefined;
    loadDemo.mockImplementationOnce(
      () =>
        new Promise<DemoCallOptions>((resolve) => {
          release = () => resolve({ publicKey: 'demo', createWebCall: async () => ({}) });
        }),
    );
    const started = session.start();
    await session.stop();
    release();
    await started;
    expect(webCalls).toEqual([]);
    expect(session.getSnapshot()).toEqual({ state: 'idle', status: '' });
  });

  it('gives one call for two starts', async () => {
    const { session, webCalls } = setup();
    const first = session.start();
    expect(session.start()).toBe(first);
    await first;
    await session.start();
    expect(webCalls).toHaveLength(1);
    await session.stop();
  });

  it('does nothing while the attributes have problems', async () => {
    const { session, events } = setup({ attributes: { assistantId: null } });
    await session.start();
    expect(events).toEqual([]);
  });

  it('mutes and says only during a call', async () => {
    const { session, daily } = setup();
    expect(() => session.setMuted(true)).toThrow('Call object is not available.');
    expect(() => session.isMuted()).toThrow('Call object is not available.');
    expect(() => session.say('Hello')).toThrow('Call object is not available.');
    await session.start();
    session.setMuted(true);
    expect(session.isMuted()).toBe(true);
    expect(daily.room.state.localAudio).toBe(false);
    session.say('Hello', true);
    expect(JSON.parse(String(daily.room.sent.at(-1)))).toMatchObject({
      type: 'say',
      message: 'Hello',
      endCallAfterSpoken: true,
    });
    await session.stop();
  });

  it('keeps the call going when an optional stage fails, saying so', async () => {
    const { session, daily, events } = setup();
    daily.failNext('updateInputSettings', new Error('no processor'));
    await session.start();
    expect(session.getSnapshot().state).toBe('active');
    expect(session.getSnapshot().status).toMatch(/Noise cancellation could not be turned on/);
    expect(events.find((e) => e.startsWith('error'))).toContain('audio-processing-setup');
    expect(events.find((e) => e.startsWith('error'))).toContain('"recoverable":true');
    await session.stop();
    expect(session.getSnapshot().status).toBe('Call ended.');
  });
});
