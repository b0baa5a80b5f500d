import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { consentVersion } from '../../widget/leads/watch/consent-record.ts';
import { CallController } from '../../widget/session/call-controller.ts';
import { watchLeads } from '../../widget/session/conversation-leads.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';
import { createFakeDaily, fakeMediaDevices, speakerParticipant } from '../helpers/fake-daily.ts';

/** A widget session on a fake room: what lead capture adds to a call (docs/behaviour.md#leads). */
function setup(options: { attributes?: Partial<AttributeValues> } = {}) {
  const host = document.createElement('voice-assistant-test');
  document.body.append(host);
  const daily = createFakeDaily({ present: [speakerParticipant()] });
  const media = fakeMediaDevices({});
  const webCalls: unknown[] = [];
  const createWebCall: WebCallCreator = async (payload) => {
    webCalls.push(payload);
    return { id: 'call-1', webCallUrl: 'https://example.daily.co/room' };
  };
  const attributes = attributeValues({
    assistantId: 'asst_1',
    publicKey: 'pk_1',
    ...options.attributes,
  });
  const config = () => parseAttributes(attributes);
  // The visitor sends the contact card as shown, box ticked (leads-contact-card.test.ts).
  const wiring = watchLeads({
    host,
    config,
    askContact: async ({ name, phone }) => ({ name: name ?? '', phone, consented: true }),
  });
  const session = new CallController({
    host,
    config,
    leads: wiring,
    callOptions: () => ({
      mediaDevices: media.mediaDevices,
      transportFactory: daily.factory,
      createWebCall,
    }),
    loadDemo: () => Promise.reject(new Error('no demo here')),
    userAgent: 'test',
    now: () => Date.now(),
    texts: () => en,
  });
  return { session, wiring, daily, webCalls, host };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('CallController: lead capture', () => {
  it('sends the host’s listing attributes as variables, the host’s own variables winning', async () => {
    const { session, webCalls, host } = setup({
      attributes: { assistantOverrides: '{"variableValues":{"agent_name":"Host"}}' },
    });
    host.setAttribute('listing-address', ' 14 Linden Court ');
    host.setAttribute('agent-name', 'Daniel Park');
    await session.start();
    expect(webCalls).toEqual([
      {
        assistantId: 'asst_1',
        assistantOverrides: {
          variableValues: {
            listing_address: '14 Linden Court',
            agent_name: 'Host',
            page_url: location.href,
          },
        },
      },
    ]);
    await session.stop();
  });

  it('answers capture_lead: one cancelable voice-assistant:lead with the call id, and the tool result', async () => {
    const { session, daily, host } = setup();
    const leads: CustomEvent[] = [];
    host.addEventListener('voice-assistant:lead', (event) => leads.push(event));
    await session.start();
    const toolCalls = {
      type: 'tool-calls',
      toolCallList: [
        {
          id: 'tc-1',
          type: 'function',
          function: {
            name: 'capture_lead',
            arguments: '{"name":"Sam Rivera","phone":"604 555 0134","intent":"buy"}',
          },
        },
      ],
    };
    daily.room.appMessage(JSON.stringify(toolCalls));
    // The platform repeating the same call is answered again, never captured twice.
    daily.room.appMessage(JSON.stringify(toolCalls));
    // The handling loads on the first tool call (lead-handler.ts): wait for both answers.
    await vi.waitFor(() =>
      expect(daily.room.sent.filter((m) => String(m).includes('add-message'))).toHaveLength(2),
    );
    await vi.waitFor(() => expect(leads).toHaveLength(1));
    expect(leads[0]?.cancelable).toBe(true);
    expect(leads[0]?.detail).toMatchObject({
      kind: 'lead',
      conversationId: 'call-1',
      toolCallId: 'tc-1',
      fields: { name: 'Sam Rivera', intent: 'buy' },
      consent: null,
      pageUrl: `${location.origin}${location.pathname}`,
    });
    const results = daily.room.sent
      .map((m) => JSON.parse(String(m)) as { type: string; message?: { tool_call_id?: string } })
      .filter((m) => m.type === 'add-message');
    expect(results.map((m) => m.message?.tool_call_id)).toEqual(['tc-1', 'tc-1']);
    await session.stop();
  });

  it('watches typed chat’s tool calls with the listing, once per channel, and again after a call', async () => {
    vi.useRealTimers();
    const { session, wiring, daily, host } = setup();
    host.setAttribute('listing-address', '14 Linden Court');
    const leads: CustomEvent[] = [];
    host.addEventListener('voice-assistant:lead', (event) => leads.push(event));
    const listeners = new Set<(message: unknown) => void>();
    const results: unknown[] = [];
    const chat = {
      subscribe(listener: (message: unknown) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      send: (message: object) => results.push(message),
      conversationId: () => 'chat_1',
    };
    expect(await wiring.watchChat(chat, null)).toEqual({
      listing_address: '14 Linden Court',
      page_url: location.href,
    });
    await wiring.watchChat(chat, null);
    expect(listeners.size).toBe(1);
    const lead = (id: string) => ({
      type: 'tool-calls',
      toolCallList: [
        {
          id,
          type: 'function',
          function: { name: 'capture_lead', arguments: '{"name":"Sam","email":"sam@example.org"}' },
        },
      ],
    });
    for (const listener of listeners) {
      listener(lead('chat-tc-1'));
    }
    await vi.waitFor(() => expect(results).toHaveLength(1));
    expect(leads[0]?.detail).toMatchObject({
      conversationId: 'chat_1',
      listing: { address: '14 Linden Court' },
    });

    // A call takes the lead wiring over; the next typed line gives it back to the chat.
    await session.start();
    expect(listeners.size).toBe(0);
    await session.stop();
    await wiring.watchChat(chat, { version: 'v1', acceptedAt: '2026-11-23T01:00:00.000Z' });
    expect(listeners.size).toBe(1);
    expect(daily.room.sent.some((m) => String(m).includes('chat-tc-1'))).toBe(false);
  });

  it('puts the disclosure agreed to in each capture as evidence: version, text and time', async () => {
    vi.useRealTimers();
    const text = 'This conversation is recorded and shared with the brokerage.';
    const { wiring, host } = setup({ attributes: { consent: text } });
    const leads: CustomEvent[] = [];
    host.addEventListener('voice-assistant:lead', (event) => leads.push(event));
    const listeners = new Set<(message: unknown) => void>();
    const chat = {
      subscribe(listener: (message: unknown) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      send: () => undefined,
      conversationId: () => 'chat_2',
    };
    const agreed = { version: consentVersion(text), acceptedAt: '2026-11-23T01:00:00.000Z' };
    await wiring.watchChat(chat, agreed);
    for (const listener of listeners) {
      listener({
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'chat-tc-9',
            type: 'function',
            function: { name: 'capture_lead', arguments: '{"email":"sam@example.org"}' },
          },
        ],
      });
    }
    await vi.waitFor(() => expect(leads).toHaveLength(1));
    expect(leads[0]?.detail).toMatchObject({
      toolCallId: 'chat-tc-9',
      consent: { ...agreed, text },
    });
  });
});
