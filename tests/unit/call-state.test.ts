import { describe, expect, test } from 'vitest';
import { assertTransition, CALL_TRANSITIONS, canTransition } from '../../widget/call/call-state.ts';

describe('call state table (docs/behaviour.md#states)', () => {
  test('allows exactly idle→starting, starting→connected|idle, connected→idle', () => {
    expect(CALL_TRANSITIONS).toEqual({
      idle: ['starting'],
      starting: ['connected', 'idle'],
      connected: ['idle'],
    });
    expect(canTransition('idle', 'connected')).toBe(false);
    expect(canTransition('connected', 'starting')).toBe(false);
  });

  test('assertTransition throws on anything else', () => {
    expect(() => assertTransition('idle', 'starting')).not.toThrow();
    expect(() => assertTransition('idle', 'idle')).toThrow(
      'Invalid call state transition: idle → idle',
    );
  });
});
