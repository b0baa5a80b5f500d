import type { CallClient } from '../call/call-client.ts';
import type { StartCallInput } from '../call/web-call.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import { dispatchWidgetEvent } from '../element/dom-events.ts';
import type { Capture } from '../leads/capture.ts';
import { LeadDeliveryQueue } from '../leads/delivery-queue.ts';
import { pushLeadAnalytics } from '../leads/lead-analytics.ts';
import { LeadTools, type ToolCallOutcome } from '../leads/lead-tools.ts';
import type { ListingVariables } from '../leads/listing-context.ts';
import { type PageListing, readListingContext } from '../leads/page-listing.ts';
import { pageStorage } from '../leads/pending-captures.ts';
import { toolResultMessage } from '../leads/tool-result.ts';

/** What the widget session gives its lead capture. */
export interface LeadCaptureOptions {
  /** The `<voice-assistant>` element: events are dispatched from it, attributes read from it. */
  host: HTMLElement;
  /** The validated attributes, read at each capture (`lead-endpoint`, `analytics`). */
  config(): WidgetConfig;
  /**
   * Whether the visitor agreed to the widget's consent disclosure (docs/behaviour.md#consent);
   * with it a capture may wait on the device even without `consent_to_contact`. `false` until
   * the disclosure exists.
   */
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

/**
 * Sends what an earlier page load left waiting for `endpoint`, once per page load (the loader
 * fetches the UI chunk without intent when something waits, so this runs on the next load).
 */
export function resumeLeadDelivery(endpoint: string | null): void {
  if (endpoint === null || resumed.has(endpoint)) {
    return;
  }
  resumed.add(endpoint);
  queueFor(endpoint)
    .resumePending()
    .catch(() => undefined);
}

/**
 * The start input with the page's listing variables merged into
 * `assistantOverrides.variableValues`; a variable the host set itself wins (pure).
 */
export function withListingVariables(
  input: StartCallInput,
  variables: ListingVariables,
): StartCallInput {
  if (Object.keys(variables).length === 0) {
    return input;
  }
  const overrides = (input.assistantOverrides ?? {}) as Record<string, unknown>;
  const own = overrides.variableValues;
  const hostValues = typeof own === 'object' && own !== null ? own : {};
  return {
    ...input,
    assistantOverrides: {
      ...overrides,
      variableValues: { ...variables, ...hostValues },
    } as StartCallInput['assistantOverrides'],
  };
}

/**
 * The widget's side of lead capture (docs/behaviour.md#leads): per call it answers the
 * `capture_lead` and `request_viewing` tool calls, dispatches the cancelable
 * `voice-assistant:lead` / `voice-assistant:viewing-request` events, delivers what no host took
 * over to `lead-endpoint`, pushes analytics without personal data, and always replies to the
 * assistant with the tool result. The decisions are `LeadTools`'; this only wires them.
 */
export class LeadCapture {
  readonly #options: LeadCaptureOptions;
  #detach: (() => void) | null = null;

  constructor(options: LeadCaptureOptions) {
    this.#options = options;
    resumeLeadDelivery(options.config().leadEndpoint);
  }

  /** The listing of the page right now: the attributes, and JSON-LD with `listing="auto"`. */
  readListing(): PageListing {
    const { host } = this.#options;
    return readListingContext({
      getAttribute: (name) => host.getAttribute(name),
      document: host.ownerDocument,
    });
  }

  /** Answers the tool calls of `client`'s call about `listing`, until the next call. */
  watch(client: CallClient, listing: PageListing['listing']): void {
    this.#detach?.();
    let callId: string | null = null;
    const tools = new LeadTools({ listing, conversationId: () => callId });
    const onStarted = (result: { callId: string | undefined }) => {
      callId = result.callId ?? null;
    };
    const onMessage = (message: unknown) => {
      for (const outcome of tools.handle(message)) {
        this.#answer(client, outcome);
      }
    };
    client.on('call-start-success', onStarted);
    client.on('message', onMessage);
    this.#detach = () => {
      client.off('call-start-success', onStarted);
      client.off('message', onMessage);
    };
  }

  #answer(client: CallClient, outcome: ToolCallOutcome): void {
    if (outcome.capture) {
      this.#hand(outcome.capture);
    }
    try {
      client.send(toolResultMessage(outcome.toolCallId, outcome.result));
    } catch {
      // The call ended before the result could go back: the capture itself is safe.
    }
  }

  #hand(capture: Capture): void {
    const { host, config, consentAgreed } = this.#options;
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
