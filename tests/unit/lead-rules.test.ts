import { describe, expect, it } from 'vitest';
import { captureFromToolCall, parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { IngestError } from '../../desk/ingest/ingest-error.ts';
import { readToolCalls } from '../../desk/ingest/platform-message.ts';
import { LeadTools } from '../../widget/leads/lead-tools.ts';
import { ASK_AGAIN, checkLeadArguments } from '../../widget/leads/rules/lead-fields.ts';
import { limitResult, savedResult } from '../../widget/leads/rules/tool-results.ts';

/**
 * One set of lead rules (docs/desk.md#ingest): the widget's tools, the desk's POST /leads and the
 * platform's tool calls read the same arguments the same way and say the same sentences.
 */

const CONTEXT = {
  conversationId: 'call-1',
  listing: { address: '14 Linden Court', agentName: 'Daniel' },
  capturedAt: '2026-11-25T19:00:00.000Z',
  consent: null,
  pageUrl: null,
};

function toolCallsMessage(id: string, name: string, args: Record<string, unknown>) {
  return {
    type: 'tool-calls',
    timestamp: Date.parse('2026-11-25T19:00:00.000Z'),
    call: {
      id: 'call-1',
      assistantOverrides: { variableValues: { listing_address: '14 Linden Court' } },
    },
    toolCallList: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  };
}

function refusal(body: unknown): string {
  try {
    parseCaptureBody(body);
  } catch (error) {
    if (error instanceof IngestError) {
      return error.message;
    }
  }
  return 'accepted';
}

describe('one set of lead rules for both doors', () => {
  const args = {
    name: '  Sam\u0000 Rivera ',
    phone: '+1 (604) 555-0134',
    intent: 'SELL',
    consent_to_contact: true,
  };

  it('gives the same fields from the widget’s tool, its POST body and the platform’s call', () => {
    const widget = new LeadTools({ listing: CONTEXT.listing, conversationId: () => 'call-1' });
    const [outcome] = widget.handle(toolCallsMessage('t1', 'capture_lead', args));
    const posted = parseCaptureBody(JSON.parse(JSON.stringify(outcome?.capture)));
    const platform = captureFromToolCall('capture_lead', 't1', args, CONTEXT);
    expect(outcome?.capture?.fields).toEqual({
      name: 'Sam Rivera',
      phone: '+1 (604) 555-0134',
      intent: 'sell',
      // The model's reading is kept beside the consent; only the visitor's tick makes it true.
      consentToContact: false,
      spokenConsent: true,
    });
    expect(posted.fields).toEqual(outcome?.capture?.fields);
    expect('capture' in platform && platform.capture.fields).toEqual(outcome?.capture?.fields);
  });

  it('asks the platform’s caller again with the phrases the widget uses', () => {
    const bad = { name: 'Sam', phone: '12', intent: 'lease' };
    const widget = checkLeadArguments(bad);
    expect(widget).toEqual({ ok: false, askAgain: [ASK_AGAIN.phone, ASK_AGAIN.intent] });
    expect(captureFromToolCall('capture_lead', 't2', bad, CONTEXT)).toEqual({
      askAgain: [ASK_AGAIN.phone, ASK_AGAIN.intent],
    });
    const [call] = readToolCalls(
      toolCallsMessage('t3', 'request_viewing', { phone: '6045550134' }),
      new Date(),
    );
    expect(call).toMatchObject({ askAgain: [ASK_AGAIN.preferred_times] });
  });

  it('names the first broken rule’s field in a POST body, in the body’s own spelling', () => {
    const body = {
      kind: 'viewing-request',
      idempotencyKey: 'k-1',
      capturedAt: '2026-11-25T19:00:00.000Z',
      fields: { phone: '6045550134', preferredTimes: [] },
    };
    expect(refusal(body)).toMatch(/^fields\.preferredTimes /);
    expect(refusal({ ...body, kind: 'lead', fields: { name: 'Sam' } })).toMatch(
      /^fields\.phone or fields\.email/,
    );
    expect(
      refusal({ ...body, kind: 'lead', fields: { email: 'sam@', phone: '6045550134' } }),
    ).toMatch(/^fields\.email /);
    expect(
      refusal({ ...body, kind: 'lead', fields: { phone: '6045550134', consentToContact: 'yes' } }),
    ).toMatch(/^fields\.consentToContact /);
  });

  it('defaults a viewing’s listing to the page’s on both doors', () => {
    const viewing = { phone: '6045550134', preferred_times: 'Saturday' };
    const platform = captureFromToolCall('request_viewing', 'v1', viewing, CONTEXT);
    expect('capture' in platform && platform.capture.fields).toEqual({
      listing: '14 Linden Court',
      preferredTimes: ['Saturday'],
      phone: '6045550134',
    });
  });

  it('words the results once: the desk names no count, the widget its own', () => {
    expect(savedResult('lead', 'Daniel')).toBe(
      "Saved. The caller's details were passed to Daniel, who will be in touch. Tell the caller.",
    );
    expect(savedResult('viewing-request', null)).toContain('passed to the team');
    expect(limitResult('capture_lead').split('.')[0]).toBe(
      'Not saved: this conversation reached the limit of requests',
    );
    expect(limitResult('capture_lead', 3)).toContain('the limit of 3 requests.');
  });
});
