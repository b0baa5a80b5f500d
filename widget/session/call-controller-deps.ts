import type { CallState } from '../call/call-state.ts';
import type { DemoCallOptions } from '../demo/demo-call.ts';
import type { WidgetState } from '../element/after-intent/dom-events.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallOptionsOverride } from '../element/bridge.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { ConsentRecord } from '../leads/watch/consent-record.ts';
import type { ConsentAnswer } from './consent/consent-gate.ts';
import type { VisitorContext } from './visitor-overrides.ts';

/** What the React view renders. Immutable: a new object per change. */
export interface CallSnapshot {
  state: WidgetState;
  /** The aria-live status line: empty, progress, or what failed and what to do. */
  status: string;
}

/** What the call controller works with; injected so it is tested without a page of its own. */
export interface CallControllerDeps {
  /** The `<voice-assistant>` element: every DOM event is dispatched from it. */
  host: HTMLElement;
  /** The validated attributes, read at each start. */
  config(): WidgetConfig;
  /** The host's `callOptions` property, read at each start. */
  callOptions(): CallOptionsOverride | undefined;
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
  consent?(purpose: 'call'): ConsentRecord | null | Promise<ConsentAnswer>;
  /** The language to send as the variable `language`. */
  language?(): VisitorContext['language'];
}

/** The call client's states as the three the visitor sees. */
export const UI_STATE: Record<CallState, WidgetState> = {
  idle: 'idle',
  starting: 'connecting',
  connected: 'active',
};
