import type { UiBridge } from '../element/bridge.ts';
import type { ChatController } from './chat/chat-controller.ts';
import type { ConsentGate } from './consent/consent-gate.ts';
import type { TextStore } from './i18n/text-store.ts';
import type { WidgetSession } from './widget-session.ts';

/** What the React view needs besides its attribute props: the session and the loader bridge. */
export interface UiContext {
  session: WidgetSession;
  bridge: UiBridge;
  /** The language on screen and its texts. */
  texts: TextStore;
  /** The typed conversation (docs/behaviour.md#chat). */
  chat: ChatController;
  /** The recording disclosure (docs/behaviour.md#consent). */
  consent: ConsentGate;
}

/**
 * Keyed by the internal r2wc element. r2wc hands the component its element as `container`
 * (there is no nested shadow root), so the component finds its context without any global.
 */
const contexts = new WeakMap<Element, UiContext>();

export function setUiContext(element: Element, context: UiContext): void {
  contexts.set(element, context);
}

export function uiContextFor(container: Element | undefined): UiContext {
  const context = container ? contexts.get(container) : undefined;
  if (!context) {
    throw new Error('The voice assistant UI was mounted without its <voice-assistant> loader.');
  }
  return context;
}
