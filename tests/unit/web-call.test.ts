import { describe, expect, test } from 'vitest';
import {
  buildWebCallBody,
  describeInput,
  hasCallTarget,
  readWebCall,
} from '../../widget/call/web-call.ts';

describe('hasCallTarget (docs/behaviour.md#validation)', () => {
  test('needs a non-empty assistant, squad or workflow', () => {
    expect(hasCallTarget({ assistant: 'a' })).toBe(true);
    expect(hasCallTarget({ squad: { members: [] } })).toBe(true);
    expect(hasCallTarget({ workflow: 'w' })).toBe(true);
    expect(hasCallTarget({})).toBe(false);
    expect(hasCallTarget({ assistant: '  ' })).toBe(false);
    expect(hasCallTarget({ assistant: ' ', squad: '\n', workflow: '\t' })).toBe(false);
    expect(hasCallTarget(undefined)).toBe(false);
    expect(hasCallTarget({ assistantOverrides: {} })).toBe(false);
  });
});

describe('buildWebCallBody (docs/behaviour.md#web-call)', () => {
  test('strings become ids, objects go inline, absent fields are omitted', () => {
    expect(buildWebCallBody({ assistant: 'a1' })).toEqual({ assistantId: 'a1' });
    expect(
      buildWebCallBody({ assistant: { name: 'Inline' }, squad: 's1', workflow: { name: 'W' } }),
    ).toEqual({
      assistant: { name: 'Inline' },
      squadId: 's1',
      workflow: { name: 'W' },
    });
  });

  test('an id that is blank after trimming is absent; ids are sent trimmed', () => {
    expect(buildWebCallBody({ assistant: '  ', squad: 'sq' })).toEqual({ squadId: 'sq' });
    expect(buildWebCallBody({ squad: '\t', workflow: ' w1 ' })).toEqual({ workflowId: 'w1' });
    expect(buildWebCallBody({ assistant: ' a1\n', workflow: ' ' })).toEqual({
      assistantId: 'a1',
    });
    expect(describeInput({ assistant: '  ', squad: 'sq' })).toEqual({
      hasAssistant: false,
      hasSquad: true,
      hasWorkflow: false,
      microphone: 'preflight',
    });
  });

  test('overrides are passed through; the microphone stream is not sent', () => {
    const payload = buildWebCallBody({
      workflow: 'w1',
      assistantOverrides: { variableValues: { city: 'Austin' } },
      workflowOverrides: { variableValues: { step: 2 } },
      microphone: {} as MediaStream,
    });
    expect(payload).toEqual({
      workflowId: 'w1',
      assistantOverrides: { variableValues: { city: 'Austin' } },
      workflowOverrides: { variableValues: { step: 2 } },
    });
  });
});

describe('readWebCall', () => {
  test('reads the room URL, token, recording flag and voice provider', () => {
    expect(
      readWebCall({
        id: 'c1',
        webCallUrl: 'https://x.daily.co/a',
        transport: { callUrl: 'https://x.daily.co/ignored', callToken: 't' },
        artifactPlan: { videoRecordingEnabled: true },
        assistant: { voice: { provider: 'tavus', voiceId: 'r52da2535a' } },
      }),
    ).toEqual({
      callId: 'c1',
      url: 'https://x.daily.co/a',
      token: 't',
      videoRecording: true,
      voiceProvider: 'tavus',
      avatarVideo: true,
    });
  });

  test('falls back to transport.callUrl; non-avatar voices get no video', () => {
    expect(
      readWebCall({
        transport: { callUrl: 'https://x.daily.co/b' },
        assistant: { voice: { provider: '11labs', voiceId: 'sarah' } },
      }),
    ).toEqual({
      callId: undefined,
      url: 'https://x.daily.co/b',
      token: undefined,
      videoRecording: false,
      voiceProvider: '11labs',
      avatarVideo: false,
    });
  });

  test('a response with no room URL is a web-call-creation-error', () => {
    expect(() => readWebCall({ id: 'c' })).toThrow(
      expect.objectContaining({ code: 'web-call-creation-error', stage: 'web-call-creation' }),
    );
  });
});
