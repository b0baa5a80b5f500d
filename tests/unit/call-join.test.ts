import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallError } from '../../widget/call/call-error.ts';
import { callHarness, startCall } from '../helpers/call-scenario.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('join timeout and join rejections', () => {
  test('a join that hangs fails with daily-call-join-error after 15 s by default', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(h.client.state).toBe('starting');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.client.state).toBe('idle');
    const [error] = h.recorder.payloads('error');
    expect(error).toMatchObject({ code: 'daily-call-join-error', stage: 'daily-call-join' });
    expect(error?.message).toBe(
      'Could not connect to the call. Check your connection and try again (no answer within 15 s).',
    );
    expect(h.daily.room.state.destroyed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('the join timeout is configurable', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } }, client: { joinTimeoutMs: 8000 } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(8000);
    expect(h.recorder.lines()).toContain(
      'call-start-failed:daily-call-join(daily-call-join-error)',
    );
  });

  test.each([
    ['a plain string (daily-js offline)', 'connection-error', 'connection-error'],
    ['an Error', new Error('room not found'), 'room not found'],
    ['a daily error object', { errorMsg: 'meeting full' }, 'meeting full'],
  ])(
    'a join rejected with %s becomes a typed CallError keeping the cause',
    async (_, reason, detail) => {
      const h = callHarness({ daily: { join: { kind: 'reject', reason } } });
      await startCall(h);
      const [error] = h.recorder.payloads('error');
      expect(error).toBeInstanceOf(CallError);
      expect(error).toMatchObject({
        name: 'CallError',
        code: 'daily-call-join-error',
        cause: reason,
      });
      expect(error?.message).toContain(`(${detail})`);
    },
  );

  test('a fatal room error while joining fails the join at once', async () => {
    const h = callHarness({ daily: { join: { kind: 'hang' } } });
    void h.client.start({ assistant: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    h.daily.room.emit('error', { errorMsg: 'no-room', error: { type: 'no-room', msg: 'no room' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.recorder.lines().slice(-3)).toEqual([
      'state:idle',
      'call-start-failed:daily-call-join(daily-call-join-error)',
      'error:daily-call-join-error@daily-call-join',
    ]);
  });
});
