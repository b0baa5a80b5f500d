import { describe, expect, test } from 'vitest';
import { CallError, describeCause } from '../../widget/call/call-error.ts';
import { START_STAGES } from '../../widget/call/start-stages.ts';

describe('CallError', () => {
  test('has a name, a literal code, a stage and the cause', () => {
    const cause = new Error('boom');
    const error = CallError.forStage('daily-call-join', cause);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'CallError',
      code: 'daily-call-join-error',
      stage: 'daily-call-join',
      cause,
    });
  });

  test('each start stage has its docs/behaviour.md#errors catalogue code', () => {
    expect(
      Object.fromEntries(START_STAGES.map((s) => [s, CallError.forStage(s, 'x').code])),
    ).toEqual({
      initialization: 'start-method-error',
      'web-call-creation': 'web-call-creation-error',
      'daily-call-object-creation': 'daily-call-object-creation-error',
      'mobile-permissions': 'start-method-error',
      'daily-call-join': 'daily-call-join-error',
      'video-recording-setup': 'video-recording-setup-error',
      'audio-observer-setup': 'audio-observer-setup-error',
      'audio-processing-setup': 'audio-processing-setup-error',
    });
  });

  test('a CallError keeps its own code when it passes through a stage', () => {
    const mic = CallError.microphone(new DOMException('no', 'NotAllowedError'));
    expect(CallError.forStage('initialization', mic)).toBe(mic);
    expect(CallError.forStage('mobile-permissions', mic)).toMatchObject({
      code: 'microphone-denied',
      stage: 'mobile-permissions',
    });
  });

  test('microphone failures map by DOMException name, older aliases included', () => {
    const code = (name: string) => CallError.microphone(new DOMException('x', name)).code;
    expect(['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].map(code)).toEqual([
      'microphone-denied',
      'microphone-denied',
      'microphone-denied',
    ]);
    expect(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'].map(code)).toEqual([
      'microphone-not-found',
      'microphone-not-found',
      'microphone-not-found',
    ]);
    expect(['NotReadableError', 'TrackStartError', 'AbortError'].map(code)).toEqual([
      'microphone-in-use',
      'microphone-in-use',
      'microphone-in-use',
    ]);
    expect(code('TypeError')).toBe('start-method-error');
  });

  test('messages are human sentences', () => {
    expect(CallError.noActiveCall().message).toBe('Call object is not available.');
    expect(CallError.joinTimeout(15000).message).toMatch(/no answer within 15 s\)\.$/);
    expect(CallError.room({ errorMsg: 'ejected' }).message).toBe(
      'The call was interrupted (ejected).',
    );
    expect(CallError.messageTooLarge(5000).message).toBe(
      'The message is too large to send during a call (5000 characters; the limit is 4096).',
    );
    expect(CallError.forStage('web-call-creation', '').message).toBe(
      'The assistant service could not create the call.',
    );
  });

  test('describeCause reads strings, Errors and daily-js error objects', () => {
    expect(describeCause('offline')).toBe('offline');
    expect(describeCause(new Error('bad'))).toBe('bad');
    expect(describeCause({ errorMsg: 'full' })).toBe('full');
    expect(describeCause({ msg: 'm' })).toBe('m');
    expect(describeCause(42)).toBe('');
  });
});
