import { describe, expect, it } from 'vitest';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import type { AddMessage } from '../../widget/call/message-types.ts';
import type { Capture } from '../../widget/leads/capture.ts';
import { leadAnalyticsEvent, pushLeadAnalytics } from '../../widget/leads/lead-analytics.ts';
import { LeadTools } from '../../widget/leads/lead-tools.ts';
import {
  checkLeadArguments,
  checkViewingArguments,
  isDialablePhone,
  isEmailWithDomain,
} from '../../widget/leads/rules/lead-fields.ts';
import { followUpResult } from '../../widget/leads/rules/tool-results.ts';
import { parseToolCalls, type ToolCallsMessage } from '../../widget/leads/tool-calls.ts';
import { toolResultMessage } from '../../widget/leads/tool-result.ts';

/** A `tool-calls` message as the platform sends it, typed against its schema. */
function toolCalls(...calls: [id: string, name: string, args: unknown][]): ToolCallsMessage {
  const toolCallList = calls.map(([id, name, args]) => ({
    id,
    type: 'function',
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  }));
  return {
    type: 'tool-calls',
    toolCallList,
    toolWithToolCallList: toolCallList.map((toolCall) => ({
      type: 'function' as const,
      function: { name: toolCall.function.name },
      toolCall,
    })),
  };
}

const LEAD = {
  name: 'Sam Rivera',
  phone: '+1 (604) 555-0134',
  intent: 'buy',
  timeframe: 'within 3 months',
  budget: '$450k',
  notes: 'Wants a fenced yard',
  consent_to_contact: true,
};

describe('argument validation', () => {
  it('accepts a good lead and cleans its fields', () => {
    expect(checkLeadArguments({ ...LEAD, name: '  Sam\u0000 Rivera ', extra: 'ignored' })).toEqual({
      ok: true,
      fields: {
        name: 'Sam Rivera',
        phone: '+1 (604) 555-0134',
        intent: 'buy',
        timeframe: 'within 3 months',
        budget: '$450k',
        notes: 'Wants a fenced yard',
        // Only the visitor's tick on the contact card says yes; the model's reading is kept.
        consentToContact: false,
        spokenConsent: true,
      },
    });
  });

  it('needs a phone or an email, and says so', () => {
    expect(checkLeadArguments({ name: 'Sam' })).toEqual({
      ok: false,
      askAgain: ['a phone number or an email address (at least one)'],
    });
    expect(checkLeadArguments({ email: 'sam@example.com' }).ok).toBe(true);
  });

  it('lists every bad argument: phone, email, intent, consent', () => {
    const checked = checkLeadArguments({
      phone: '555-12',
      email: 'sam@localhost',
      intent: 'invest',
      consent_to_contact: 'yes',
    });
    expect(checked).toEqual({
      ok: false,
      askAgain: [
        'a phone number that can be dialled (7 to 15 digits)',
        'an email address with a domain, like name@example.com',
        'whether they want to buy, sell, rent, other (intent must be one of these)',
        'whether they agree to be contacted (consent_to_contact must be true or false)',
      ],
    });
  });

  it('knows a dialable phone and an email with a domain', () => {
    const good = ['604 555 0134', '+44 20 7946 0958', '(604) 555-0134', '6045550134'];
    const bad = ['555-12', 'call me', '+1 604 555 0134 ext 2', '1234567890123456', '604+5550134'];
    expect(good.filter(isDialablePhone)).toEqual(good);
    expect(bad.filter(isDialablePhone)).toEqual([]);
    expect(isEmailWithDomain('sam@mail.example.com')).toBe(true);
    expect(
      ['sam@', '@example.com', 'sam@example', 'sam example@x.io'].filter(isEmailWithDomain),
    ).toEqual([]);
  });

  it('takes intent in any case and defaults consent to false', () => {
    expect(checkLeadArguments({ phone: '6045550134', intent: 'SELL' })).toEqual({
      ok: true,
      fields: { phone: '6045550134', intent: 'sell', consentToContact: false },
    });
  });

  it('checks a viewing request: contact, at least one time, the page listing by default', () => {
    expect(
      checkViewingArguments(
        { name: 'Sam', phone: '604 555 0134', preferred_times: ['Saturday 2:00 PM', ' ', 7] },
        '14 Linden Court',
      ),
    ).toEqual({
      ok: true,
      fields: {
        listing: '14 Linden Court',
        preferredTimes: ['Saturday 2:00 PM', '7'],
        name: 'Sam',
        phone: '604 555 0134',
      },
    });
    expect(
      checkViewingArguments(
        { listing: '8 Harbour St', email: 'a@b.io', preferred_times: 'Sunday morning' },
        '14 Linden Court',
      ),
    ).toEqual({
      ok: true,
      fields: { listing: '8 Harbour St', preferredTimes: ['Sunday morning'], email: 'a@b.io' },
    });
    expect(checkViewingArguments({ phone: '604 555 0134', preferred_times: [] })).toEqual({
      ok: false,
      askAgain: ['when they would like to view (at least one preferred time)'],
    });
  });
});

describe('tool-calls messages', () => {
  it('reads calls from toolCallList, with JSON or object arguments', () => {
    const message = toolCalls(['call-1', 'capture_lead', LEAD], ['call-2', 'other_tool', '']);
    expect(parseToolCalls(message)).toEqual([
      { id: 'call-1', name: 'capture_lead', arguments: LEAD },
      { id: 'call-2', name: 'other_tool', arguments: {} },
    ]);
    expect(
      parseToolCalls({
        type: 'tool-calls',
        toolCallList: [{ id: 'c', type: 'function', function: { name: 'x', arguments: { a: 1 } } }],
      }),
    ).toEqual([{ id: 'c', name: 'x', arguments: { a: 1 } }]);
  });

  it('falls back to toolWithToolCallList, skips broken calls, lists an id once', () => {
    const message = toolCalls(['call-1', 'capture_lead', '{oops']);
    expect(
      parseToolCalls({ type: 'tool-calls', toolWithToolCallList: message.toolWithToolCallList }),
    ).toEqual([{ id: 'call-1', name: 'capture_lead', arguments: null }]);
    expect(
      parseToolCalls({
        type: 'tool-calls',
        toolCallList: [
          { id: '', function: { name: 'x' } },
          { id: 'a', function: {} },
          { id: 'b', function: { name: 'x' } },
          { id: 'b', function: { name: 'x' } },
        ],
      }),
    ).toEqual([{ id: 'b', name: 'x', arguments: {} }]);
    expect(parseToolCalls({ type: 'transcript' })).toBeNull();
    expect(parseToolCalls('tool-calls')).toBeNull();
  });

  it('answers with an add-message of role tool carrying the tool_call_id', () => {
    const reply: AddMessage = toolResultMessage('call-1', 'Saved.');
    expect(reply).toEqual({
      type: 'add-message',
      message: { role: 'tool', tool_call_id: 'call-1', content: 'Saved.' },
      triggerResponseEnabled: true,
    });
  });
});

const CONSENT = {
  version: '8c1f0a3b9d2e4f57',
  text: 'This conversation is recorded.',
  acceptedAt: '2026-11-23T00:59:00.000Z',
};

describe('LeadTools: one conversation', () => {
  const listing = { address: '14 Linden Court', agentName: 'Daniel' };
  let keys = 0;
  const tools = () =>
    new LeadTools({
      listing,
      conversationId: () => 'call-abc',
      newKey: () => `key-${++keys}`,
      now: () => Date.UTC(2026, 10, 23, 1, 0, 0),
      consent: () => CONSENT,
      pageUrl: () => 'https://brokerage.example/listings/14-linden',
    });

  it('turns a good capture_lead into a typed lead and a result naming the agent', () => {
    keys = 0;
    const [outcome, ...rest] = tools().handle(toolCalls(['t1', 'capture_lead', LEAD]));
    expect(rest).toEqual([]);
    expect(outcome).toEqual({
      toolCallId: 't1',
      toolName: 'capture_lead',
      result:
        "Saved. The caller's details were passed to Daniel, who will be in touch. Tell the caller.",
      capture: {
        kind: 'lead',
        idempotencyKey: 'key-1',
        conversationId: 'call-abc',
        toolCallId: 't1',
        capturedAt: '2026-11-23T01:00:00.000Z',
        listing,
        consent: CONSENT,
        pageUrl: 'https://brokerage.example/listings/14-linden',
        fields: {
          name: 'Sam Rivera',
          phone: '+1 (604) 555-0134',
          intent: 'buy',
          timeframe: 'within 3 months',
          budget: '$450k',
          notes: 'Wants a fenced yard',
          consentToContact: false,
          spokenConsent: true,
        },
      },
    });
  });

  it('turns request_viewing into a viewing request for the page listing', () => {
    const [outcome] = tools().handle(
      toolCalls([
        'v1',
        'request_viewing',
        { name: 'Sam', phone: '604 555 0134', preferred_times: ['Saturday 2:00 PM'] },
      ]),
    );
    expect(outcome?.capture).toMatchObject({
      kind: 'viewing-request',
      fields: { listing: '14 Linden Court', preferredTimes: ['Saturday 2:00 PM'] },
    });
    expect(outcome?.result).toContain('viewing request was passed to Daniel');
  });

  it('has a result for a capture that could not be sent yet: saved for follow-up, passed to no one', () => {
    const [lead] = tools().handle(toolCalls(['f1', 'capture_lead', LEAD]));
    const [viewing] = tools().handle(
      toolCalls(['f2', 'request_viewing', { phone: '604 555 0134', preferred_times: ['Sat 2pm'] }]),
    );
    for (const outcome of [lead, viewing]) {
      const result = followUpResult(outcome?.capture as Capture);
      expect(result).toMatch(/^Saved for follow-up\./);
      expect(result).not.toMatch(/were passed to|was passed to Daniel/);
    }
    expect(followUpResult(viewing?.capture as Capture)).toContain('the time is confirmed');
  });

  it('makes captures exactly as the desk’s POST /leads parses them', () => {
    const [outcome] = tools().handle(toolCalls(['t9', 'capture_lead', LEAD]));
    const parsed = parseCaptureBody(JSON.parse(JSON.stringify(outcome?.capture)));
    expect(parsed).toMatchObject({
      kind: 'lead',
      toolCallId: 't9',
      conversationId: 'call-abc',
      consent: CONSENT,
      pageUrl: 'https://brokerage.example/listings/14-linden',
      fields: { name: 'Sam Rivera', consentToContact: false },
    });
  });

  it('tells the assistant what to ask again, without capturing', () => {
    const handler = tools();
    const [outcome] = handler.handle(
      toolCalls(['t1', 'capture_lead', { name: 'Sam', phone: '12' }]),
    );
    expect(outcome?.capture).toBeUndefined();
    expect(outcome?.result).toBe(
      'Not saved: some details are missing or invalid. Please ask the caller again for a phone ' +
        'number that can be dialled (7 to 15 digits). Then call capture_lead again with all the details.',
    );
    expect(handler.captures).toBe(0);
    const [bad] = handler.handle(toolCalls(['t2', 'capture_lead', '[1,2]']));
    expect(bad?.result).toContain('not a JSON object');
  });

  it('accepts at most 3 captures per conversation and refuses the rest', () => {
    const handler = tools();
    const outcomes = handler.handle(
      toolCalls(
        ['a', 'capture_lead', LEAD],
        ['b', 'request_viewing', { phone: '6045550134', preferred_times: ['now'] }],
        ['c', 'capture_lead', LEAD],
        ['d', 'capture_lead', LEAD],
      ),
    );
    expect(outcomes.map((o) => o.capture !== undefined)).toEqual([true, true, true, false]);
    expect(outcomes[3]?.result).toBe(
      'Not saved: this conversation reached the limit of 3 requests. Tell the caller ' +
        'their details are already with the team. Do not call capture_lead again.',
    );
    const [later] = handler.handle(
      toolCalls(['e', 'request_viewing', { phone: '6045550134', preferred_times: ['x'] }]),
    );
    expect(later?.capture).toBeUndefined();
    expect(handler.captures).toBe(3);
    // A new conversation starts again from zero.
    expect(tools().handle(toolCalls(['f', 'capture_lead', LEAD]))[0]?.capture).toBeDefined();
  });

  it('answers a repeated tool call id the same way, without a second capture', () => {
    const handler = tools();
    const [first] = handler.handle(toolCalls(['t1', 'capture_lead', LEAD]));
    const [again] = handler.handle(toolCalls(['t1', 'capture_lead', LEAD]));
    expect(again).toEqual({ ...first, capture: undefined });
    expect(handler.captures).toBe(1);
  });

  it('leaves other tools and other messages to the host', () => {
    expect(tools().handle(toolCalls(['x', 'lookup_weather', {}]))).toEqual([]);
    expect(tools().handle({ type: 'transcript', transcript: 'hi' })).toEqual([]);
  });
});

describe('data layer', () => {
  it('pushes the event and the intent, never a name, phone or email', () => {
    const [lead] = new LeadTools({ listing: {}, conversationId: () => null }).handle(
      toolCalls(['a', 'capture_lead', { ...LEAD, email: 'sam@example.com' }]),
    );
    const host: { dataLayer?: unknown } = {};
    if (!lead?.capture) {
      throw new Error('expected a capture');
    }
    pushLeadAnalytics(host, lead.capture);
    expect(host.dataLayer).toEqual([{ event: 'voice_assistant_lead', intent: 'buy' }]);
    const text = JSON.stringify(host.dataLayer);
    for (const personal of ['Sam', '555', 'example.com', 'fenced']) {
      expect(text).not.toContain(personal);
    }
    expect(
      leadAnalyticsEvent({
        ...lead.capture,
        kind: 'viewing-request',
        fields: { preferredTimes: ['x'] },
      }),
    ).toEqual({ event: 'voice_assistant_viewing_request' });
    const notAnArray = { dataLayer: 'tag manager missing' };
    pushLeadAnalytics(notAnArray, lead.capture);
    expect(notAnArray.dataLayer).toBe('tag manager missing');
  });
});
