import { describe, expect, test } from 'vitest';
import { sayMessage, serializeClientMessage } from '../../widget/call/client-messages.ts';

describe('client messages', () => {
  test('say defaults both interruption flags to false and omits an unset end flag', () => {
    expect(sayMessage('Hi')).toEqual({
      type: 'say',
      message: 'Hi',
      interruptionsEnabled: false,
      interruptAssistantEnabled: false,
    });
    expect(sayMessage('Bye', false)).toMatchObject({ endCallAfterSpoken: false });
  });

  test('serialises to JSON text within the 4096-character limit as daily-js measures it', () => {
    expect(serializeClientMessage({ type: 'end-call' })).toBe('{"type":"end-call"}');
    // The JSON of the JSON text: 20 characters of envelope plus escaped quotes.
    const atLimit = sayMessage('x'.repeat(3995));
    expect(JSON.stringify(JSON.stringify(atLimit)).length).toBeGreaterThan(4096);
    expect(() => serializeClientMessage(atLimit)).toThrow(
      expect.objectContaining({ code: 'message-too-large' }),
    );
    const fits = sayMessage('x'.repeat(3900));
    expect(() => serializeClientMessage(fits)).not.toThrow();
  });
});
