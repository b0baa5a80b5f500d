import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import type { SpokenLine } from '../../widget/leads/conversation-delivery.ts';
import * as leadHandler from '../../widget/leads/lead-handler.ts';
import type { ConsentRecord } from '../../widget/leads/watch/consent-record.ts';
import type { ToolCallChannel } from '../../widget/leads/watch/tool-call-channel.ts';
import { ToolCallWatcher } from '../../widget/leads/watch/tool-call-watcher.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

// Every consented conversation reaches the desk (issue 26 §4, docs/behaviour.md#leads).

const ENDPOINT = 'https://desk.example/leads';
const LINE: SpokenLine = { role: 'user', text: 'Is the garden south-facing?', at: 0 };
const AGREED: ConsentRecord = { version: 'v1', acceptedAt: '2026-11-27T02:00:00.000Z' };

function config(values: Partial<AttributeValues> = {}) {
  return parseAttributes(attributeValues({ assistantId: 'a1', leadEndpoint: ENDPOINT, ...values }));
}

function channel(id: string): ToolCallChannel {
  return { subscribe: () => () => undefined, send: () => undefined, conversationId: () => id };
}

function setup(consent: ConsentRecord | null) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response('{"ok":true}', { status: 201 });
    }),
  );
  const host = document.createElement('div');
  document.body.append(host);
  const loads = vi.fn(async () => leadHandler);
  const watcher = new ToolCallWatcher({
    host,
    config: () => config(),
    loadHandler: loads,
    askFeedback: async () => null,
    consent: () => consent,
  });
  return { watcher, posted, loads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  sessionStorage.clear();
});

describe('the report of a call without a capture', () => {
  it('goes with the agreement: id, channel, duration, page, listing and source, no words', async () => {
    window.history.replaceState(
      null,
      '',
      '/listings/14?utm_source=newsletter&utm_medium=email&fbclid=IwAR-secret',
    );
    const { watcher, posted } = setup(AGREED);
    watcher.watch(channel('call-report-1'), { address: '14 Linden Court' });
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 65_000 });
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      kind: 'conversation',
      conversationId: 'call-report-1',
      channel: 'call',
      durationSeconds: 65,
      messages: [],
      listing: { address: '14 Linden Court' },
      visitSource: { utmSource: 'newsletter', utmMedium: 'email', fbclid: true },
    });
    expect(String(posted[0]?.pageUrl)).toMatch(/\/listings\/14$/);
    expect(JSON.stringify(posted[0])).not.toMatch(/garden|secret/);
  });

  it('sends nothing without the agreement', async () => {
    const { watcher, posted, loads } = setup(null);
    watcher.watch(channel('call-report-2'), {});
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 5_000 });
    await vi.waitFor(() => expect(loads).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toEqual([]);
  });
});
