// Over 300 lines as one concept: the lead-handler chunk's entry, which answers a conversation's
// tool calls and hands each capture to its delivery queue, card and feedback question.
import { dispatchWidgetEvent } from '../element/after-intent/dom-events.ts';
import { elementLanguage } from '../element/i18n/languages.ts';
import type { Capture } from './capture.ts';
import { type ChatTranscript, chatTranscriptFor } from './chat-transcript.ts';
import { consentEvidence } from './consent-evidence.ts';
import { TOOL_RESULT_WAIT_MS } from './constants.ts';
import {
  applyContactAnswer,
  type ContactAnswer,
  contactSeller,
  contactSentence,
  isSendable,
  needsContactCard,
} from './contact-consent.ts';
import { type ConversationFacts, conversationDelivery } from './conversation-delivery.ts';
import type { DeliveryReport } from './delivery-queue.ts';
import { queueFor } from './delivery-queues.ts';
import { feedbackDelivery, pushFeedbackAnalytics } from './feedback-delivery.ts';
import { pushLeadAnalytics } from './lead-analytics.ts';
import { LeadTools } from './lead-tools.ts';
import { loadContactCard } from './load-contact-card.ts';
import { loadFeedbackCard } from './load-feedback-card.ts';
import { type ListingContext, pageUrlVariable } from './page/listing-context.ts';
import { CARD_RESULT, followUpResult } from './rules/tool-results.ts';
import { toolResultMessage } from './tool-result.ts';
import { visitSourceNow } from './visit-source-record.ts';
import type { LeadPort } from './watch/lead-port.ts';
import type { ToolCallChannel } from './watch/tool-call-channel.ts';

/*
 * The lazy half of lead capture (docs/behaviour.md#leads): loaded by `tool-call-watcher.ts` on a
 * conversation's first `tool-calls` message, or at page load when a capture waits on the device.
 * Most conversations never capture a lead, so their after-click bytes do not carry this.
 */

export { openPersonLadder } from './callback-sender.ts';

const resumed = new Set<string>();
/** Conversations already asked for feedback on this page (a resumed one is not asked twice). */
const askedFeedback = new Set<string>();

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
export class LeadHandler {
  readonly #context: LeadPort;
  readonly #channel: ToolCallChannel;
  readonly #tools: LeadTools;
  /** Captures handed to `lead-endpoint` in this conversation. */
  #posted = 0;
  /** A typed chat's transcript, sent when the chat ends. */
  readonly #chat: ChatTranscript | null;
  /** The card's answer per number as heard: a second capture with it is not asked again. */
  readonly #cards = new Map<string, Promise<ContactAnswer>>();
  /** "How was this conversation?" was asked in this conversation. */
  #feedbackAsked = false;
  /** Captures waiting on the card: the conversation's transcript waits for them. */
  readonly #pending: Promise<void>[] = [];
  readonly #listing: ListingContext;

  constructor(context: LeadPort, channel: ToolCallChannel, listing: ListingContext) {
    this.#context = context;
    this.#channel = channel;
    this.#listing = listing;
    this.#tools = new LeadTools({
      listing,
      conversationId: () => channel.conversationId(),
      consent: () => consentEvidence(context.consent?.() ?? null, context.config().consent?.text),
      pageUrl: () => {
        const href = context.host.ownerDocument.defaultView?.location.href;
        return (href && pageUrlVariable(href)) ?? null;
      },
      demo: context.config().demo,
    });
    const view = context.host.ownerDocument.defaultView;
    // A typed chat ends when the visitor closes it: one that said anything asks for feedback.
    const chat = channel.chat;
    chat?.onEnd(() => {
      if (chat.lines().length > 0) {
        this.askFeedback('chat').catch(() => undefined);
      }
    });
    this.#chat = channel.chat
      ? chatTranscriptFor(channel.chat, {
          view,
          pageHref: () => view?.location.href,
          demo: context.config().demo,
          listing,
          visitSource: () => visitSourceNow(view),
          report: () => {
            const conversationId = channel.conversationId();
            const endpoint = context.config().leadEndpoint;
            return context.consent?.() == null || conversationId === null || endpoint === null
              ? null
              : { conversationId, endpoint };
          },
          deliver: (endpoint, body) =>
            queueFor(endpoint)
              .deliver(body, { consentAgreed: true })
              .catch(() => undefined),
        })
      : null;
  }

  /**
   * Answers every lead tool call in `message` (other messages are ignored), in order. A capture
   * posted to `lead-endpoint` is answered once its first try did (or after
   * {@link TOOL_RESULT_WAIT_MS}): "passed to" only when delivered, else "saved for follow-up".
   */
  async handle(message: unknown): Promise<void> {
    const answers = this.#tools.handle(message).map((outcome) => {
      const { capture } = outcome;
      if (capture && needsContactCard(capture)) {
        // The visitor checks the details first; the assistant hears so at once.
        this.#confirmThenHand(capture, capture.fields.phone);
        return { outcome: { ...outcome, result: CARD_RESULT }, reached: null };
      }
      return { outcome, reached: capture ? this.#hand(capture) : null };
    });
    for (const { outcome, reached } of answers) {
      const result =
        outcome.capture && reached !== null && !(await reached)
          ? followUpResult(outcome.capture)
          : outcome.result;
      try {
        this.#channel.send(toolResultMessage(outcome.toolCallId, result));
      } catch {
        // The conversation ended before the result could go back: the capture itself is safe.
      }
    }
  }

  /**
   * Shows the contact card for `capture` (once per number as heard, so the lead and the viewing
   * request of one visitor ask once), then hands it on as the visitor sent it.
   */
  #confirmThenHand(capture: Capture, heard: string): void {
    const seller = contactSeller(
      this.#context.host.getAttribute('brokerage'),
      capture.listing.agentName,
    );
    let answer = this.#cards.get(heard);
    if (!answer) {
      const ask =
        this.#context.askContact ??
        ((request) =>
          loadContactCard().then((card) => card.showContactCard(this.#context.host, request)));
      // Leaving the page with the card unsent still hands the capture on, as understood and
      // without the box: the lead is not lost, and no consent is assumed.
      const left = new Promise<ContactAnswer>((resolve) => {
        this.#context.host.ownerDocument.defaultView?.addEventListener(
          'pagehide',
          () => resolve({ name: capture.fields.name, phone: heard, consented: false }),
          { once: true },
        );
      });
      answer = Promise.race([
        ask({
          name: capture.fields.name,
          phone: heard,
          sentence: (phone) => contactSentence(seller, phone),
          sendable: (phone) => isSendable({ phone }),
          language: elementLanguage(this.#context.host),
        }),
        left,
      ]);
      this.#cards.set(heard, answer);
    }
    this.#pending.push(
      answer
        .then((sent) => {
          this.#hand(applyContactAnswer(capture, sent, seller, new Date()));
        })
        .catch(() => undefined),
    );
  }

  /**
   * Dispatches, counts and delivers one capture. Resolves whether the first try delivered it,
   * or `null` when the widget does not deliver it (the host took it over, or no endpoint).
   */
  #hand(capture: Capture): Promise<boolean> | null {
    const { host, config } = this.#context;
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
    if (!proceed || leadEndpoint === null) {
      return null;
    }
    this.#posted += 1;
    this.#chat?.captured(capture.conversationId, leadEndpoint, capture.consent !== null);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), TOOL_RESULT_WAIT_MS);
      const onReport = (report: DeliveryReport) => {
        clearTimeout(timer);
        resolve(report.status === 'delivered');
        const detail = { idempotencyKey: capture.idempotencyKey, ...report };
        dispatchWidgetEvent(host, 'voice-assistant:lead-delivery', detail);
      };
      // Where the visitor came from goes only with their agreement to the disclosure; the
      // conversation's language always (the desk's routing rules read it).
      const sourced = {
        ...(capture.consent === null
          ? capture
          : { ...capture, visitSource: visitSourceNow(host.ownerDocument.defaultView) }),
        language: elementLanguage(host),
      };
      queueFor(leadEndpoint)
        .deliver(sourced, { consentAgreed: capture.consent !== null, onReport })
        .catch(() => resolve(false));
    });
  }

  /**
   * The conversation ended: when the visitor agreed to the disclosure, its report follows
   * through the same queue, with its own idempotency key, and its transcript when it produced a
   * capture posted to `lead-endpoint`. Without the agreement nothing leaves the page.
   */
  async conversationEnded(
    ending: Pick<ConversationFacts, 'channel' | 'lines' | 'durationMs' | 'startedAt'>,
  ): Promise<void> {
    await Promise.all(this.#pending);
    this.#sendTranscript(ending);
    if (ending.lines.length > 0) {
      await this.askFeedback(ending.channel);
    }
  }

  /** A typed chat without a tool call ended: its report goes as the chat's end sends it. */
  chatEnded(): void {
    this.#chat?.flush();
  }

  /**
   * Asks "How was this conversation?" once per conversation (docs/behaviour.md#leads): a rating
   * goes to `lead-endpoint` with the conversation (`kind: 'feedback'`) and, alone, to the funnel.
   */
  async askFeedback(channel: 'call' | 'chat'): Promise<void> {
    const conversationId = this.#channel.conversationId();
    if (this.#feedbackAsked || (conversationId !== null && askedFeedback.has(conversationId))) {
      return;
    }
    this.#feedbackAsked = true;
    if (conversationId !== null) {
      askedFeedback.add(conversationId);
    }
    const { host, config } = this.#context;
    const ask =
      this.#context.askFeedback ??
      (() => loadFeedbackCard().then((card) => card.askFeedback(host, elementLanguage(host))));
    const answer = await ask();
    if (answer === null) {
      return;
    }
    const view = host.ownerDocument.defaultView;
    const { leadEndpoint, analytics, demo } = config();
    if (analytics === 'datalayer' && view) {
      pushFeedbackAnalytics(view as Window & { dataLayer?: unknown }, answer.rating);
    }
    if (leadEndpoint === null) {
      return;
    }
    const href = view?.location.href;
    const body = feedbackDelivery(answer, {
      idempotencyKey: crypto.randomUUID(),
      conversationId,
      channel,
      givenAt: new Date().toISOString(),
      pageUrl: (href && pageUrlVariable(href)) ?? null,
      ...(demo && { demo: true as const }),
    });
    // Its comment may hold personal data: it waits on the device only with the agreement.
    await queueFor(leadEndpoint)
      .deliver(body, { consentAgreed: this.#context.consent?.() != null })
      .catch(() => undefined);
  }

  #sendTranscript(
    ending: Pick<ConversationFacts, 'channel' | 'lines' | 'durationMs' | 'startedAt'>,
  ): void {
    const { host, config } = this.#context;
    const consent = this.#context.consent?.() ?? null;
    const conversationId = this.#channel.conversationId();
    const endpoint = config().leadEndpoint;
    if (consent === null || endpoint === null || conversationId === null) {
      return;
    }
    const view = host.ownerDocument.defaultView;
    const transcript = conversationDelivery({
      ...ending,
      // The desk counts every conversation; its words go only with a capture.
      lines: this.#posted === 0 ? [] : ending.lines,
      listing: this.#listing,
      visitSource: visitSourceNow(view),
      idempotencyKey: crypto.randomUUID(),
      conversationId,
      endedAt: Date.now(),
      pageHref: view?.location.href,
      demo: config().demo,
    });
    queueFor(endpoint)
      .deliver(transcript, { consentAgreed: true })
      .catch(() => undefined);
  }
}
