import { describe, expect, it, vi } from 'vitest';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import type { Capture } from '../../widget/element/lead-details.ts';
import type { ContactCardRequest } from '../../widget/leads/card/contact-card.ts';
import {
  applyContactAnswer,
  contactSentence,
  needsContactCard,
} from '../../widget/leads/contact-consent.ts';
import * as leadHandler from '../../widget/leads/lead-handler.ts';
import { checkLeadArguments } from '../../widget/leads/rules/lead-fields.ts';
import { consentVersion } from '../../widget/leads/watch/consent-record.ts';
import { ToolCallWatcher } from '../../widget/leads/watch/tool-call-watcher.ts';
import { ChatToolChannel } from '../../widget/session/chat/delivery/chat-channel.ts';
import { runTools } from '../../widget/session/chat/delivery/chat-tools.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

// Contact consent the visitor gives, not the model (issue 29 §3, docs/behaviour.md#leads).

const SENTENCE =
  'Maple Ridge Realty may call or text me at 604-555-0134 about homes. Consent is not a condition of buying.';

function lead(fields: Partial<Capture['fields']> = {}): Capture {
  return {
    kind: 'lead',
    idempotencyKey: 'k1',
    conversationId: 'call-1',
    toolCallId: 't1',
    capturedAt: '2026-11-27T05:00:00.000Z',
    listing: { agentName: 'Daniel Park' },
    consent: null,
    pageUrl: null,
    fields: { name: 'Sam Reviera', phone: '604-555-0143', consentToContact: false, ...fields },
  };
}

function config(values: Partial<AttributeValues> = {}) {
  return parseAttributes(attributeValues({ assistantId: 'asst_1', ...values }));
}

const call = (id: string, name: string, args: object) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

describe('the contact card’s answer', () => {
  it('names the seller and the number in the exact sentence', () => {
    expect(contactSentence('Maple Ridge Realty', '604-555-0134')).toBe(SENTENCE);
  });

  it('ticked: consentToContact true, with the sentence, its hash and the time; corrections kept', () => {
    const sent = applyContactAnswer(
      lead({ spokenConsent: true }),
      { name: ' Sam Rivera ', phone: '604-555-0134', consented: true },
      'Maple Ridge Realty',
      new Date('2026-11-27T05:01:00.000Z'),
    );
    expect(sent.fields).toEqual({
      name: 'Sam Rivera',
      phone: '604-555-0134',
      consentToContact: true,
      spokenConsent: true,
    });
    expect(sent.contactConsent).toEqual({
      text: SENTENCE,
      version: consentVersion(SENTENCE),
      givenAt: '2026-11-27T05:01:00.000Z',
    });
  });

  it('not ticked: consentToContact false and no consent text, whatever the model heard', () => {
    const sent = applyContactAnswer(
      lead({ spokenConsent: true }),
      { name: '', phone: '604-555-0143', consented: false },
      'Maple Ridge Realty',
      new Date(),
    );
    expect(sent.fields).toEqual({
      phone: '604-555-0143',
      consentToContact: false,
      spokenConsent: true,
    });
    expect(sent).not.toHaveProperty('contactConsent');
  });

  it('asks only for a capture with a phone number whose visitor did not say stop', () => {
    expect(needsContactCard(lead())).toBe(true);
    expect(needsContactCard(lead({ phone: undefined, email: 'sam@example.org' }))).toBe(false);
    expect(needsContactCard(lead({ doNotContact: true }))).toBe(false);
  });
});

describe('capture_lead’s consent arguments', () => {
  it('keeps the spoken reading apart, never as the consent, and reads do_not_contact', () => {
    const checked = checkLeadArguments({
      phone: '604 555 0134',
      consent_to_contact: true,
      do_not_contact: true,
    });
    expect(checked).toEqual({
      ok: true,
      fields: {
        phone: '604 555 0134',
        consentToContact: false,
        spokenConsent: true,
        doNotContact: true,
      },
    });
    expect(checkLeadArguments({ phone: '604 555 0134', do_not_contact: 'yes' })).toMatchObject({
      ok: false,
    });
  });
});

describe('the card in the real lead wiring', () => {
  function setup(attributes: Partial<AttributeValues> = {}) {
    const host = document.createElement('voice-assistant');
    host.setAttribute('brokerage', 'Maple Ridge Realty');
    document.body.append(host);
    const events: Capture[] = [];
    host.addEventListener('voice-assistant:lead', (e) => events.push((e as CustomEvent).detail));
    host.addEventListener('voice-assistant:viewing-request', (e) =>
      events.push((e as CustomEvent).detail),
    );
    const asked: ContactCardRequest[] = [];
    let answer: (sent: { name: string; phone: string; consented: boolean }) => void = () =>
      undefined;
    const watcher = new ToolCallWatcher({
      host,
      config: () => config(attributes),
      loadHandler: async () => leadHandler,
      askContact: (request) => {
        asked.push(request);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    const channel = new ChatToolChannel();
    channel.id = 'chat_1';
    watcher.watch(channel, { agentName: 'Daniel Park' });
    return { channel, events, asked, send: (sent: Parameters<typeof answer>[0]) => answer(sent) };
  }

  it('holds the capture until the visitor sends the card, once for the lead and the viewing', async () => {
    const { channel, events, asked, send } = setup();
    const results = await runTools(channel, {
      type: 'tool-calls',
      toolCallList: [
        call('t1', 'capture_lead', { name: 'Sam Reviera', phone: '604 555 0143', intent: 'buy' }),
        call('t2', 'request_viewing', { phone: '604 555 0143', preferred_times: ['Sat 2pm'] }),
      ],
    });
    // The assistant hears at once that the visitor checks the details on screen.
    expect(results.map((r) => r.content)).toEqual([
      expect.stringContaining('on their screen to check'),
      expect.stringContaining('on their screen to check'),
    ]);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.phone).toBe('604 555 0143');
    expect(asked[0]?.sentence('604-555-0134')).toBe(SENTENCE);
    expect(asked[0]?.sendable('555-12')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);

    send({ name: 'Sam Rivera', phone: '604-555-0134', consented: true });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    for (const capture of events) {
      expect(capture.fields).toMatchObject({ phone: '604-555-0134', consentToContact: true });
      expect(capture.contactConsent?.text).toBe(SENTENCE);
    }
    expect(events[0]?.fields.name).toBe('Sam Rivera');
  });

  it('sends a "stop contacting me" capture at once, with doNotContact and no card', async () => {
    const { channel, events, asked } = setup();
    await runTools(channel, {
      type: 'tool-calls',
      toolCallList: [call('t1', 'capture_lead', { phone: '604 555 0134', do_not_contact: true })],
    });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(asked).toEqual([]);
    expect(events[0]?.fields).toMatchObject({ doNotContact: true, consentToContact: false });
  });

  it('leaving the page with the card unsent hands the capture on as understood, unticked', async () => {
    const { channel, events, asked } = setup();
    await runTools(channel, {
      type: 'tool-calls',
      toolCallList: [call('t1', 'capture_lead', { name: 'Sam Reviera', phone: '604 555 0143' })],
    });
    expect(asked).toHaveLength(1);
    expect(events).toEqual([]);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]?.fields).toMatchObject({
      name: 'Sam Reviera',
      phone: '604 555 0143',
      consentToContact: false,
    });
    expect(events[0]).not.toHaveProperty('contactConsent');
  });
});
