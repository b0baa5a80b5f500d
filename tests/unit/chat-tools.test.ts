import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import * as leadHandler from '../../widget/leads/lead-handler.ts';
import { toolResultMessage } from '../../widget/leads/tool-result.ts';
import { ToolCallWatcher } from '../../widget/leads/watch/tool-call-watcher.ts';
import { ChatToolChannel } from '../../widget/session/chat/delivery/chat-channel.ts';
import { runTools } from '../../widget/session/chat/delivery/chat-tools.ts';
import { toolCallsIn } from '../../widget/session/chat/web-chat/web-chat.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

// Typed chat reaches the lead tools (docs/behaviour.md#leads): a POST /chat/web reply's
// `tool_calls` become the `tool-calls` message the lead wiring reads, and the chat's channel
// collects the results it sends back.

function config(values: Partial<AttributeValues> = {}) {
  return parseAttributes(attributeValues({ assistantId: 'a1', ...values }));
}

const call = (id: string, name: string, args: object) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('tool calls in a chat reply', () => {
  it('reads the assistant messages’ tool_calls as one tool-calls message', () => {
    const first = call('t1', 'capture_lead', { name: 'Sam' });
    const second = call('t2', 'lookup', {});
    expect(
      toolCallsIn({
        output: [
          { role: 'assistant', content: 'One moment.', tool_calls: [first] },
          { role: 'tool', content: 'x', tool_call_id: 't0' },
          { role: 'assistant', tool_calls: [second] },
        ],
      }),
    ).toEqual({ type: 'tool-calls', toolCallList: [first, second] });
    expect(toolCallsIn({ output: [{ role: 'assistant', content: 'Hi' }] })).toBeNull();
  });
});

describe('the chat’s tool-call channel', () => {
  it('goes through the real lead wiring: one event, one result per call, the chat id', async () => {
    const host = document.createElement('voice-assistant');
    document.body.append(host);
    const leads: unknown[] = [];
    host.addEventListener('voice-assistant:lead', (event) =>
      leads.push((event as CustomEvent).detail),
    );
    const capture = new ToolCallWatcher({
      host,
      config: () => config(),
      loadHandler: async () => leadHandler,
      askContact: async ({ name, phone }) => ({ name: name ?? '', phone, consented: false }),
    });
    const channel = new ChatToolChannel();
    channel.id = 'chat_42';
    capture.watch(channel, {});
    const results = await runTools(channel, {
      type: 'tool-calls',
      toolCallList: [
        call('t1', 'capture_lead', { name: 'Sam Rivera', phone: '604 555 0134', intent: 'buy' }),
        call('t2', 'other_tool', {}),
      ],
    });
    expect(results).toEqual([{ toolCallId: 't1', content: expect.stringMatching(/^Saved\./) }]);
    await vi.waitFor(() => expect(leads).toHaveLength(1));
    expect(leads).toEqual([
      expect.objectContaining({
        conversationId: 'chat_42',
        fields: expect.objectContaining({ name: 'Sam Rivera' }),
      }),
    ]);
  });

  it('does not wait when no lead tool is called or nothing listens, and stops waiting in time', async () => {
    const channel = new ChatToolChannel();
    const lookup = { type: 'tool-calls' as const, toolCallList: [call('t1', 'capture_lead', {})] };
    expect(await runTools(channel, lookup)).toEqual([]);
    channel.subscribe(() => undefined);
    expect(
      await runTools(channel, { type: 'tool-calls', toolCallList: [call('t2', 'lookup', {})] }),
    ).toEqual([]);
    vi.useFakeTimers();
    const waiting = runTools(channel, lookup, 500);
    channel.send(toolResultMessage('other', 'x'));
    vi.advanceTimersByTime(500);
    expect(await waiting).toEqual([]);
  });
});
