import type { WidgetConfig } from '../element/attributes.ts';
import { dispatchWidgetEvent } from '../element/dom-events.ts';
import type { Capture } from '../leads/capture.ts';
import { LeadDeliveryQueue } from '../leads/delivery-queue.ts';
import { pushLeadAnalytics } from '../leads/lead-analytics.ts';
import { LeadTools } from '../leads/lead-tools.ts';
import type { ListingContext } from '../leads/listing-context.ts';
import { pageStorage } from '../leads/pending-captures.ts';
import { type ToolResultMessage, toolResultMessage } from '../leads/tool-result.ts';

/*
 * The lazy half of lead capture (docs/behaviour.md#leads): loaded by `lead-capture.ts` on a
 * conversation's first `tool-calls` message, or at page load when a capture waits on the device.
 * Most conversations never capture a lead, so their after-click bytes do not carry this.
 */

/** Where one conversation's tool results go, and who the conversation is. */
export interface ToolCallChannel {
  /** Calls `listener` with each assistant message (`tool-calls` and others); returns an unsubscribe. */
  subscribe(listener: (message: unknown) => void): () => void;
  /** Sends a tool result (an `add-message` with role `tool`) back into the conversation. */
  send(message: ToolResultMessage): void;
  /** The conversation id (call id or chat id), once the platform has given one. */
  conversationId(): string | null;
}

/** What a capture is handed with: the element it is dispatched from, and the attributes. */
export interface LeadDeskContext {
  host: HTMLElement;
  config(): WidgetConfig;
  consentAgreed?: () => boolean;
}

/**
 * One queue per endpoint for the whole page: the captures of every widget and the ones resumed
 * from an earlier load share its in-flight and delivered keys, so none is posted twice.
 */
const queues = new Map<string, LeadDeliveryQueue>();
const resumed = new Set<string>();

function queueFor(endpoint: string): LeadDeliveryQueue {
  let queue = queues.get(endpoint);
  if (!queue) {
    queue = new LeadDeliveryQueue({ endpoint, storage: pageStorage() });
    queues.set(endpoint, queue);
  }
  return queue;
}

/** Sends what an earlier page load left waiting for `endpoint`, once per page load. */
export function resumeLeadDelivery(endpoint: string): void {
  if (resumed.has(endpoint)) {
    return;
  }
  resumed.add(endpoint);
  queueFor(endpoint)
    .resumePending()
    .catch(() => undefined);
}

/**
 * One conversation's answers to `capture_lead` and `request_viewing`: each accepted capture is
 * dispatched as a cancelable event, delivered to `lead-endpoint` unless the host took it over,
 * counted in analytics without personal data, and the assistant always gets the tool result.
 * The decisions (validation, the per-conversation cap) are `LeadTools'`; this only wires them.
 */
export class LeadDesk {
  readonly #context: LeadDeskContext;
  readonly #channel: ToolCallChannel;
  readonly #tools: LeadTools;

  constructor(context: LeadDeskContext, channel: ToolCallChannel, listing: ListingContext) {
    this.#context = context;
    this.#channel = channel;
    this.#tools = new LeadTools({
      listing,
      conversationId: () => channel.conversationId(),
      demo: context.config().demo,
    });
  }

  /** Answers every lead tool call in `message` (other messages are ignored). */
  handle(message: unknown): void {
    for (const outcome of this.#tools.handle(message)) {
      if (outcome.capture) {
        this.#hand(outcome.capture);
      }
      try {
        this.#channel.send(toolResultMessage(outcome.toolCallId, outcome.result));
      } catch {
        // The conversation ended before the result could go back: the capture itself is safe.
      }
    }
  }

  #hand(capture: Capture): void {
    const { host, config, consentAgreed } = this.#context;
    const proceed =
      capture.kind === 'lead'
        ? dispatchWidgetEvent(host, 'voice-assistant:lead', capture, true)
        : dispatchWidgetEvent(host, 'voice-assistant:viewing-request', capture, true);
    const { leadEndpoint, analytics } = config();
    if (analytics === 'datalayer') {
      const view = host.ownerDocument.defaultView;
      if (view) {
        pushLeadAnalytics(view as Window & { dataLayer?: unknown }, capture);
      }
    }
    if (proceed && leadEndpoint !== null) {
      queueFor(leadEndpoint)
        .deliver(capture, { consentAgreed: consentAgreed?.() ?? false })
        .catch(() => undefined);
    }
  }
}
