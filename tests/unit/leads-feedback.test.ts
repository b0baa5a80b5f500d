import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AttributeValues, parseAttributes } from '../../widget/element/attributes.ts';
import type { SpokenLine } from '../../widget/leads/conversation-delivery.ts';
import { feedbackDelivery } from '../../widget/leads/feedback-delivery.ts';
import * as leadHandler from '../../widget/leads/lead-handler.ts';
import type { ToolCallChannel } from '../../widget/leads/watch/tool-call-channel.ts';
import { ToolCallWatcher } from '../../widget/leads/watch/tool-call-watcher.ts';
import { attributeValues } from '../fixtures/widget/attribute-values.ts';

// Post-conversation feedback (issue 29 §4, docs/behaviour.md#leads).

function config(values: Partial<AttributeValues> = {}) {
  return parseAttributes(attributeValues({ assistantId: 'a1', ...values }));
}

let ids = 0;
function channel(id: string): ToolCallChannel {
  return { subscribe: () => () => undefined, send: () => undefined, conversationId: () => id };
}

const LINE: SpokenLine = { role: 'assistant', text: 'Hello', at: 0 };

function setup(answer: { rating: 1 | 2 | 3 | 4 | 5; comment?: string } | null) {
  const host = document.createElement('div');
  document.body.append(host);
  const asked = vi.fn(async () => answer);
  const loads = vi.fn(async () => leadHandler);
  const watcher = new ToolCallWatcher({
    host,
    config: () => config({ analytics: 'datalayer' }),
    loadHandler: loads,
    askFeedback: asked,
  });
  return { watcher, asked, loads };
}

afterEach(() => {
  (window as { dataLayer?: unknown }).dataLayer = undefined;
  document.body.replaceChildren();
});

describe('feedback after a conversation', () => {
  it('a conversation that said nothing asks nothing and loads nothing', async () => {
    const { watcher, asked, loads } = setup({ rating: 5 });
    watcher.watch(channel('call-silent'), {});
    watcher.conversationEnded({ channel: 'call', lines: [], durationMs: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads).not.toHaveBeenCalled();
    expect(asked).not.toHaveBeenCalled();
  });

  it('asks once per conversation; the funnel gets the rating only', async () => {
    const { watcher, asked } = setup({ rating: 4, comment: 'Call me, Sam at 604 555 0134' });
    ids += 1;
    const id = `call-fb-${ids}`;
    watcher.watch(channel(id), {});
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 5_000 });
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    const layer = () => (window as { dataLayer?: unknown[] }).dataLayer ?? [];
    await vi.waitFor(() =>
      expect(layer()).toEqual([{ event: 'voice_assistant_feedback', rating: 4 }]),
    );
    // The same conversation resumed and ended again is not asked twice.
    watcher.watch(channel(id), {});
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 6_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveBeenCalledTimes(1);
    // A new conversation is.
    watcher.watch(channel(`${id}-next`), {});
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 6_000 });
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(2));
  });

  it('a skipped question sends nothing anywhere', async () => {
    const { watcher, asked } = setup(null);
    watcher.watch(channel('call-skip'), {});
    watcher.conversationEnded({ channel: 'call', lines: [LINE], durationMs: 1_000 });
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((window as { dataLayer?: unknown }).dataLayer).toBeUndefined();
  });

  it('goes to the endpoint as kind "feedback" with its conversation', () => {
    expect(
      feedbackDelivery(
        { rating: 2 },
        {
          idempotencyKey: 'k',
          conversationId: 'call-1',
          channel: 'chat',
          givenAt: '2026-11-27T05:00:00.000Z',
          pageUrl: null,
        },
      ),
    ).toEqual({
      kind: 'feedback',
      idempotencyKey: 'k',
      conversationId: 'call-1',
      channel: 'chat',
      rating: 2,
      comment: null,
      givenAt: '2026-11-27T05:00:00.000Z',
      pageUrl: null,
    });
  });
});
