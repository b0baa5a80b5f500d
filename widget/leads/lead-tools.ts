import type { Capture, ConsentEvidence } from './capture.ts';
import { MAX_CAPTURES_PER_CONVERSATION } from './constants.ts';
import type { ListingContext } from './page/listing-context.ts';
import { checkLeadArguments, checkViewingArguments, listingLabel } from './rules/lead-fields.ts';
import {
  askAgainResult,
  badArgumentsResult,
  limitResult,
  savedResult,
} from './rules/tool-results.ts';
import { parseToolCalls, type ToolCallRequest } from './tool-calls.ts';

/** The two client tools the widget answers itself. */
export const LEAD_TOOL_NAMES = ['capture_lead', 'request_viewing'] as const;

/** `capture_lead` or `request_viewing`. */
export type LeadToolName = (typeof LEAD_TOOL_NAMES)[number];

/** The widget's answer to one of its tool calls. */
export interface ToolCallOutcome {
  readonly toolCallId: string;
  readonly toolName: LeadToolName;
  /** The tool result for the assistant: what happened, or what to ask the visitor again. */
  readonly result: string;
  /** The accepted capture; absent when the arguments were refused or the cap was reached. */
  readonly capture?: Capture;
}

/** What one conversation's tool handler is built with. */
export interface LeadToolsOptions {
  /** The page's listing context, copied into every capture. */
  listing: ListingContext;
  /** Read at capture time: the call or chat id, once the platform has given one. */
  conversationId: () => string | null;
  /** Read at capture time: the disclosure the visitor agreed to, if any. */
  consent?: () => ConsentEvidence | null;
  /** Read at capture time: the page's URL (see `capturePageUrl`). */
  pageUrl?: () => string | null;
  /** Fresh idempotency keys; `crypto.randomUUID` by default. */
  newKey?: () => string;
  /** Wall clock in ms. */
  now?: () => number;
  /** Captures accepted per conversation. */
  maxCaptures?: number;
  /** The conversation is the offline demo's: its captures carry `demo: true`. */
  demo?: boolean;
}

function isLeadTool(name: string): name is LeadToolName {
  return (LEAD_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * Answers the `capture_lead` and `request_viewing` tool calls of one conversation
 * (docs/behaviour.md#leads). It validates the arguments, accepts at most
 * {@link MAX_CAPTURES_PER_CONVERSATION} captures (the rest are refused, so a confused or
 * manipulated assistant cannot flood the brokerage), and gives the same answer again to a
 * tool call id it has already answered. Sending results, dispatching events and delivering
 * are the caller's: this class only decides. No DOM, no network.
 */
export class LeadTools {
  readonly #options: LeadToolsOptions;
  readonly #answered = new Map<string, ToolCallOutcome>();
  #captures = 0;

  constructor(options: LeadToolsOptions) {
    this.#options = options;
  }

  /** Captures accepted so far in this conversation. */
  get captures(): number {
    return this.#captures;
  }

  /**
   * Handles a client message: for `tool-calls`, one outcome per call of ours (in order), each
   * to be answered with `toolResultMessage(outcome.toolCallId, outcome.result)`. Calls to
   * other tools are left to the host; any other message gives `[]`.
   */
  handle(message: unknown): ToolCallOutcome[] {
    const calls = parseToolCalls(message) ?? [];
    return calls.flatMap((call) => {
      if (!isLeadTool(call.name)) {
        return [];
      }
      const known = this.#answered.get(call.id);
      if (known) {
        // The platform repeated a call: the same answer, never a second capture.
        return [{ ...known, capture: undefined }];
      }
      const outcome = this.#answer(call, call.name);
      this.#answered.set(call.id, outcome);
      return [outcome];
    });
  }

  #answer(call: ToolCallRequest, tool: LeadToolName): ToolCallOutcome {
    const base = { toolCallId: call.id, toolName: tool };
    if (call.arguments === null) {
      return { ...base, result: badArgumentsResult(tool) };
    }
    const max = this.#options.maxCaptures ?? MAX_CAPTURES_PER_CONVERSATION;
    if (this.#captures >= max) {
      return { ...base, result: limitResult(tool, max) };
    }
    const capture = this.#capture(tool, call.id, call.arguments);
    if ('askAgain' in capture) {
      return { ...base, result: askAgainResult(tool, capture.askAgain) };
    }
    this.#captures += 1;
    return { ...base, result: savedResult(capture.kind, capture.listing.agentName), capture };
  }

  /** The checked capture, or what to ask again. */
  #capture(
    tool: LeadToolName,
    toolCallId: string,
    args: Readonly<Record<string, unknown>>,
  ): Capture | { askAgain: readonly string[] } {
    const { listing, consent, pageUrl } = this.#options;
    const common = () => ({
      idempotencyKey: (this.#options.newKey ?? (() => crypto.randomUUID()))(),
      conversationId: this.#options.conversationId(),
      toolCallId,
      capturedAt: new Date((this.#options.now ?? Date.now)()).toISOString(),
      listing,
      consent: consent?.() ?? null,
      pageUrl: pageUrl?.() ?? null,
      ...(this.#options.demo === true && { demo: true as const }),
    });
    if (tool === 'capture_lead') {
      const checked = checkLeadArguments(args);
      return checked.ok ? { kind: 'lead', ...common(), fields: checked.fields } : checked;
    }
    const checked = checkViewingArguments(args, listingLabel(listing));
    return checked.ok ? { kind: 'viewing-request', ...common(), fields: checked.fields } : checked;
  }
}
