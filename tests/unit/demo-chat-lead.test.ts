import { describe, expect, it } from 'vitest';
import { readContact } from '../../widget/demo/chat-lead.ts';
import {
  DEMO_CHAT_START,
  demoChatStart,
  demoReply,
  demoToolCallsReply,
  spokenDemoReply,
} from '../../widget/demo/chat-replies.ts';
import { hostScript } from '../../widget/demo/host-script.ts';
import { followUpResult } from '../../widget/leads/rules/tool-results.ts';
import { parseToolCalls } from '../../widget/leads/tool-calls.ts';

// Typed chat reaches the same outcome as a call (docs/behaviour.md#chat): the offline demo reads the contact
// details a visitor types and, once a slot is booked, calls the same two lead tools as the
// voice script, then answers from their results.

describe('demo typed chat: contact details', () => {
  it.each([
    ['I’m Sam Rivera, text me at 604 555 0134', { name: 'Sam Rivera', phone: '604 555 0134' }],
    ['My name is Ana. ana@example.org', { name: 'Ana', email: 'ana@example.org' }],
    ['call me on +1 (604) 555-0134', { phone: '+1 (604) 555-0134' }],
    ['I’m interested in 2 PM', {}],
    ['3 bedrooms at 2:00 PM', {}],
  ])('%s → %j', (text, contact) => {
    expect(readContact(text)).toEqual(contact);
  });
});

describe('demo typed chat: booking with a name and a phone', () => {
  it('calls request_viewing and capture_lead once, in one message', () => {
    const { reply, state, toolCalls } = demoReply(
      'Please book 2 PM. I’m Sam Rivera, 604 555 0134',
      DEMO_CHAT_START,
      1000,
    );
    expect(reply).toContain('booked for Saturday at 2:00 PM');
    expect(toolCalls?.timestamp).toBe(1000);
    expect(parseToolCalls(toolCalls)).toEqual([
      {
        id: 'demo-chat-tool-1',
        name: 'request_viewing',
        arguments: {
          preferred_times: ['Saturday 2:00 PM'],
          name: 'Sam Rivera',
          phone: '604 555 0134',
        },
      },
      {
        id: 'demo-chat-tool-2',
        name: 'capture_lead',
        arguments: {
          name: 'Sam Rivera',
          phone: '604 555 0134',
          intent: 'buy',
          timeframe: 'Viewing on Saturday',
          notes: 'Booked a viewing of 14 Linden Court on Saturday 2:00 PM in the typed chat.',
          consent_to_contact: true,
        },
      },
    ]);
    // The same booking again makes no second capture.
    const again = demoReply('Book 2 PM', state);
    expect(again.toolCalls).toBeUndefined();
    expect(again.reply).toBe('You’re already booked for Saturday at 2:00 PM.');
  });

  it('asks for what is missing across messages, then calls the tools', () => {
    const booked = demoReply('Book 2 PM please', DEMO_CHAT_START);
    expect(booked.toolCalls).toBeUndefined();
    expect(booked.reply).toContain('What name and phone number or email should Daniel use');
    const named = demoReply('I’m Sam Rivera', booked.state);
    expect(named.toolCalls).toBeUndefined();
    expect(named.reply).toBe(
      'Thanks, Sam Rivera. What phone number or email should Daniel use to confirm?',
    );
    const reached = demoReply('604 555 0134', named.state);
    expect(reached.reply).toBe('');
    expect(parseToolCalls(reached.toolCalls)?.map((call) => call.name)).toEqual([
      'request_viewing',
      'capture_lead',
    ]);
  });

  it('confirms once the page saved both, and asks again when it refused them', () => {
    const { state } = demoReply('Book 2 PM, I’m Sam Rivera, 604 555 0134', DEMO_CHAT_START);
    const saved = demoToolCallsReply(['Saved. The viewing…', 'Saved. The caller…'], state);
    expect(saved.reply).toBe(
      'Thanks, Sam Rivera. I’ve passed your details to Daniel, who will be in touch to confirm.',
    );
    const refused = demoToolCallsReply(['Not saved: …', 'Saved.'], state);
    expect(refused.reply).toContain('couldn’t pass your details on');
    const retried = demoReply('I’m Sam Rivera, sam@example.org', refused.state);
    expect(parseToolCalls(retried.toolCalls)?.[0]?.id).toBe('demo-chat-tool-3');
    expect(demoToolCallsReply([], state).reply).toContain('couldn’t pass');
  });

  it('knows the visitor before a booking, and offers the slots', () => {
    const first = demoReply('Hi, I’m Sam Rivera, 604 555 0134', DEMO_CHAT_START);
    expect(first.toolCalls).toBeUndefined();
    const booked = demoReply('2 PM works for me', first.state);
    expect(booked.toolCalls).toBeDefined();
    const contactOnly = demoReply('604 555 0134', DEMO_CHAT_START);
    expect(contactOnly.reply).toContain('2:00 PM and 4:00 PM open');
  });

  it('makes no tool calls from typed words during a voice call (its script does)', () => {
    const spoken = spokenDemoReply('Book 2 PM, I’m Sam Rivera, 604 555 0134', DEMO_CHAT_START);
    expect(spoken).not.toHaveProperty('toolCalls');
    expect(spoken.state.confirmed).toBeNull();
  });
});

describe('demo typed chat: a refused lead POST', () => {
  it('says the details were saved for follow-up, not passed to the agent', () => {
    const { state } = demoReply('Book 2 PM, I’m Sam Rivera, 604 555 0134', DEMO_CHAT_START);
    const capture = { kind: 'lead' } as Parameters<typeof followUpResult>[0];
    const viewing = { kind: 'viewing-request' } as Parameters<typeof followUpResult>[0];
    // What the page answers when lead-endpoint refused the POST (CORS, 4xx): leads/lead-handler.ts.
    const kept = demoToolCallsReply([followUpResult(viewing), followUpResult(capture)], state);
    expect(kept.reply).toBe(
      'Thanks, Sam Rivera. I’ve saved your details for follow-up: the team will be in touch to confirm the time.',
    );
    expect(kept.reply).not.toMatch(/passed|Daniel/);
    // Kept is kept: the details are not asked again.
    expect(kept.state.confirmed).toBe('2:00 PM');
  });
});

describe('demo typed chat: the host’s agent and listing', () => {
  const oak = demoChatStart({ address: '22 Oak Street', price: '$615,000' });

  it('writes the page’s home into the lead’s notes and never names Daniel there', () => {
    const booked = demoReply('Book 2 PM please', oak);
    expect(booked.reply).toContain('What name and phone number or email should the listing agent');
    const named = demoReply('I’m Sam Rivera', booked.state);
    expect(named.reply).toContain('What phone number or email should the listing agent use');
    const reached = demoReply('604 555 0134', named.state);
    const calls = parseToolCalls(reached.toolCalls) ?? [];
    expect(calls[1]?.arguments).toMatchObject({
      notes: 'Booked a viewing of 22 Oak Street on Saturday 2:00 PM in the typed chat.',
    });
    const said = [booked.reply, named.reply, reached.reply, JSON.stringify(calls)].join(' ');
    expect(said).not.toMatch(/Daniel|Linden/);
    const done = demoToolCallsReply(['Saved.', 'Saved.'], reached.state);
    expect(done.reply).toBe(
      'Thanks, Sam Rivera. I’ve passed your details to the listing agent, who will be in touch to confirm.',
    );
    expect(demoReply('What’s the price?', oak).reply).toBe('22 Oak Street is listed at $615,000.');
    expect(demoReply('How many bedrooms?', oak).reply).toMatch(
      /^This offline demo.*The listing agent can tell you/,
    );
  });

  it('names the page’s agent when it gave one', () => {
    const priya = demoChatStart({ address: '22 Oak Street', agent: 'Priya' });
    const booked = demoReply('Book 4 PM, I’m Sam Rivera, sam@example.org', priya);
    expect(booked.reply).toContain('with Priya, the listing agent');
    expect(demoToolCallsReply(['Saved.', 'Saved.'], booked.state).reply).toContain('to Priya,');
  });

  it('books the voice call with the listing agent when the page names none', () => {
    const script = hostScript({ address: '22 Oak Street' });
    expect(JSON.stringify(script)).not.toMatch(/Daniel|Linden/);
    expect(script[2]?.lines?.[0]).toBe(
      'You’re booked for Saturday at 2:00 PM with the listing agent. Thanks for calling, goodbye!',
    );
    const lead = script[2]?.toolCalls?.find((call) => call.name === 'capture_lead');
    expect(lead?.arguments.notes).toContain('22 Oak Street');
  });
});
