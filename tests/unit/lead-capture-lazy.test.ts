import { afterEach, describe, expect, it } from 'vitest';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import { PENDING_STORAGE_KEY } from '../../widget/leads/constants.ts';
import * as leadHandler from '../../widget/leads/lead-handler.ts';
import type { ToolResultMessage } from '../../widget/leads/tool-result.ts';
import type { ToolCallChannel } from '../../widget/leads/watch/tool-call-channel.ts';
import { ToolCallWatcher } from '../../widget/leads/watch/tool-call-watcher.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

/** The lazy half of lead capture loads only when a conversation calls a lead tool. */

function config(values: Partial<AttributeValues> = {}) {
  return parseAttributes(attributeValues({ assistantId: 'a1', ...values }));
}

function channel() {
  const listeners = new Set<(message: unknown) => void>();
  const sent: ToolResultMessage[] = [];
  const value: ToolCallChannel = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (message) => sent.push(message),
    conversationId: () => 'chat-9',
  };
  const emit = (message: unknown) => {
    for (const listener of listeners) {
      listener(message);
    }
  };
  return { value, sent, emit, listeners };
}

/** A loader the test releases by hand, counting its calls. */
function gatedLoader() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((done) => {
    release = done;
  });
  const state = { loads: 0 };
  const load = async () => {
    state.loads += 1;
    await gate;
    return leadHandler;
  };
  return { load, release, state };
}

const lead = (id: string, name: string) => ({
  type: 'tool-calls',
  toolCallList: [
    {
      id,
      type: 'function',
      function: { name: 'capture_lead', arguments: JSON.stringify({ name, email: 'a@b.example' }) },
    },
  ],
});

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});

describe('ToolCallWatcher: the lazy lead handler', () => {
  it('loads nothing for a conversation without tool calls', async () => {
    const { load, state, release } = gatedLoader();
    const host = document.createElement('div');
    const capture = new ToolCallWatcher({ host, config: () => config(), loadHandler: load });
    const talk = channel();
    capture.watch(talk.value, {});
    talk.emit({ type: 'transcript', role: 'user', transcript: 'hello' });
    talk.emit({ type: 'speech-update', status: 'started' });
    release();
    await Promise.resolve();
    expect(state.loads).toBe(0);
    expect(talk.sent).toEqual([]);
  });

  it('answers tool calls that arrive before the handler has loaded, in order, each once', async () => {
    const { load, state, release } = gatedLoader();
    const host = document.createElement('div');
    const names: string[] = [];
    host.addEventListener('voice-assistant:lead', (event) => {
      names.push((event as CustomEvent<{ fields: { name: string } }>).detail.fields.name);
    });
    const capture = new ToolCallWatcher({ host, config: () => config(), loadHandler: load });
    const talk = channel();
    capture.watch(talk.value, {});
    talk.emit(lead('tc-1', 'Ana'));
    talk.emit(lead('tc-2', 'Ben'));
    expect(talk.sent).toEqual([]);
    release();
    await expect.poll(() => talk.sent.length).toBe(2);
    expect(state.loads).toBe(1);
    expect(talk.sent.map((m) => m.message.tool_call_id)).toEqual(['tc-1', 'tc-2']);
    expect(names).toEqual(['Ana', 'Ben']);
  });

  it('stops answering a conversation once the next one is watched', async () => {
    const host = document.createElement('div');
    const capture = new ToolCallWatcher({
      host,
      config: () => config(),
      loadHandler: async () => leadHandler,
    });
    const first = channel();
    capture.watch(first.value, {});
    const second = channel();
    capture.watch(second.value, {});
    expect(first.listeners.size).toBe(0);
    second.emit(lead('tc-3', 'Cy'));
    await expect.poll(() => second.sent.length).toBe(1);
    expect(first.sent).toEqual([]);
  });

  it('loads the handler at once when captures wait on the device for its endpoint', async () => {
    localStorage.setItem(PENDING_STORAGE_KEY, '[]');
    const { load, state } = gatedLoader();
    new ToolCallWatcher({
      host: document.createElement('div'),
      config: () => config({ leadEndpoint: 'https://forms.example/lead' }),
      loadHandler: load,
    });
    expect(state.loads).toBe(1);
    localStorage.clear();
    new ToolCallWatcher({
      host: document.createElement('div'),
      config: () => config({ leadEndpoint: 'https://forms.example/lead' }),
      loadHandler: load,
    });
    expect(state.loads).toBe(1);
  });
});
