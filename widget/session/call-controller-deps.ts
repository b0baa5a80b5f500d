import type { CallClient } from '../call/call-client.ts';
import type { CallState } from '../call/call-state.ts';
import type { DemoCallOptions } from '../demo/demo-call.ts';
import type { WidgetState } from '../element/after-intent/dom-events.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallOptionsOverride } from '../element/bridge.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { PageListing } from '../leads/page/page-listing.ts';
import type { ConsentRecord } from '../leads/watch/consent-record.ts';
import type { ConversationEnding } from '../leads/watch/tool-call-watcher.ts';
import type { ConsentAnswer } from './consent-gate.ts';
import type { VisitorContext } from './visitor-overrides.ts';

/** What the React view renders. Immutable: a new object per change. */
export interface CallSnapshot {
  state: WidgetState;
  /** The aria-live status line: empty, progress, or what failed and what to do. */
  status: string;
}

/**
 * The lead wiring as a call sees it (widget-app.ts builds it around the one `ToolCallWatcher`):
 * the page's listing, read before the call client is built, and the watch of the call's tool
 * calls (docs/behaviour.md#leads).
 */
export interface CallLeads {
  /**
   * A call begins with the visitor's agreement `consent` (null without a disclosure): its leads
   * carry it from now on. Resolves with the page's listing for the call.
   */
  callBegins(consent: ConsentRecord | null): Promise<PageListing>;
  /** Answers the lead tool calls of `client`'s call about `listing`, until the next watch. */
  watchCall(client: CallClient, listing: PageListing['listing']): void;
  /** The watched conversation ended (its transcript may follow its capture). */
  conversationEnded(ending: ConversationEnding): void;
}

/** What the call controller works with; injected so it is tested without a page of its own. */
export interface CallControllerDeps {
  /** The `<voice-assistant>` element: every DOM event is dispatched from it. */
  host: HTMLElement;
  /** The validated attributes, read at each start. */
  config(): WidgetConfig;
  /** The host's `callOptions` property, read at each start. */
  callOptions(): CallOptionsOverride | undefined;
  /** The lead wiring: the listing the call starts with, and the watch of its tool calls. */
  leads: CallLeads;
  /** Loads the demo assistant (a dynamic import, so the real path never carries it). */
  loadDemo(assistantName: string | null): Promise<DemoCallOptions>;
  userAgent: string;
  now(): number;
  /** The chosen language's texts (status line and failure sentences). */
  texts(): WidgetTexts;
  /**
   * The `consent` disclosure before a call: the agreement (or null when none is set) at once
   * when known, else a promise of the visitor's answer (`false` for `Not now`).
   */
  consent?: { request(purpose: 'call'): ConsentRecord | null | Promise<ConsentAnswer> };
  /** The language to send as the variable `language`. */
  language?(): VisitorContext['language'];
}

/** The call client's states as the three the visitor sees. */
export const UI_STATE: Record<CallState, WidgetState> = {
  idle: 'idle',
  starting: 'connecting',
  connected: 'active',
};
