import { describe, expect, it } from 'vitest';
import { sayMessage, serializeClientMessage } from '../../widget/call/client-messages.ts';
import { parseInbound } from '../../widget/demo/inbound.ts';
import { toolResultMessage } from '../../widget/leads/tool-result.ts';

describe('messages the client sends to the demo assistant', () => {
  it('reads the playable signal', () => {
    expect(parseInbound('playable')).toEqual({ kind: 'playable' });
  });

  it('reads the call client’s own say message, as it serialises it', () => {
    const data = serializeClientMessage(sayMessage('Thanks for visiting!', true, false, true));
    expect(parseInbound(data)).toEqual({
      kind: 'say',
      text: 'Thanks for visiting!',
      endCallAfterSpoken: true,
      interruptAssistant: true,
    });
  });

  it('accepts the REST schema’s `content` and an already-parsed object', () => {
    expect(parseInbound({ type: 'say', content: 'Hello' })).toEqual({
      kind: 'say',
      text: 'Hello',
      endCallAfterSpoken: false,
      interruptAssistant: false,
    });
  });

  it('reads controls and end-call, and passes other types over', () => {
    expect(parseInbound('{"type":"control","control":"mute-assistant"}')).toEqual({
      kind: 'control',
      control: 'mute-assistant',
    });
    expect(parseInbound('{"type":"end-call"}')).toEqual({ kind: 'end-call' });
    expect(parseInbound('{"type":"transfer","destination":{}}')).toEqual({
      kind: 'ignored',
      type: 'transfer',
    });
  });

  it('reads a tool result: an add-message with role tool and its tool_call_id', () => {
    const data = serializeClientMessage(toolResultMessage('demo-tool-call-1', 'Saved.'));
    expect(parseInbound(data)).toEqual({
      kind: 'tool-result',
      toolCallId: 'demo-tool-call-1',
      content: 'Saved.',
    });
    // Role user is the visitor's typed line, not a tool result.
    expect(parseInbound({ type: 'add-message', message: { role: 'user', content: 'hi' } })).toEqual(
      { kind: 'add-message', text: 'hi', triggerResponse: true },
    );
    expect(
      parseInbound({ type: 'add-message', message: { role: 'tool', content: 'no id' } }),
    ).toEqual({ kind: 'ignored', type: 'add-message' });
  });

  it('returns null for data that is not a message', () => {
    for (const data of ['not json', '[1]', '{"no":"type"}', 42, null, '{"type":"say"}']) {
      expect(parseInbound(data)).toBeNull();
    }
  });
});
