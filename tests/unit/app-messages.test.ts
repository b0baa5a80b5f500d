import { describe, expect, test } from 'vitest';
import { isEndedStatus, parseAppMessage } from '../../widget/call/app-messages.ts';

describe('parseAppMessage', () => {
  test('the bare listening text is the call-start signal', () => {
    expect(parseAppMessage('listening')).toEqual({ kind: 'listening' });
  });

  test('JSON text or an object with a string type is a message, known type or not', () => {
    const update = { type: 'speech-update', status: 'started', role: 'assistant' };
    expect(parseAppMessage(JSON.stringify(update))).toEqual({ kind: 'message', message: update });
    expect(parseAppMessage({ type: 'future-type' })).toEqual({
      kind: 'message',
      message: { type: 'future-type' },
    });
  });

  test('anything else is invalid with a reason, never an exception', () => {
    expect(parseAppMessage('{oops')).toEqual({ kind: 'invalid', reason: 'not JSON' });
    expect(parseAppMessage('"text"')).toEqual({ kind: 'invalid', reason: 'not an object' });
    expect(parseAppMessage(null)).toEqual({ kind: 'invalid', reason: 'not an object' });
    expect(parseAppMessage([{ type: 'x' }])).toEqual({ kind: 'invalid', reason: 'not an object' });
    expect(parseAppMessage({ type: 3 })).toEqual({ kind: 'invalid', reason: 'no string "type"' });
    expect(parseAppMessage({ type: '' })).toEqual({ kind: 'invalid', reason: 'no string "type"' });
  });
});

describe('isEndedStatus', () => {
  test('is true only for status-update with status ended', () => {
    expect(isEndedStatus({ type: 'status-update', status: 'ended' })).toBe(true);
    expect(isEndedStatus({ type: 'status-update', status: 'in-progress' })).toBe(false);
    expect(isEndedStatus({ type: 'hang', status: 'ended' })).toBe(false);
  });
});
