import { preloadPlatformWebCall } from '../call/client-options.ts';
import { loadTexts } from '../element/after-intent/load-texts.ts';
import type { UiBridge, WidgetConfigStore } from '../element/bridge.ts';
import { elementLanguage } from '../element/i18n/languages.ts';
import { LIVE_CONVERSATION_KEY } from '../element/live-conversation.ts';
import { CallController } from './call-controller.ts';
import { ChatController } from './chat/chat-controller.ts';
import { loadWebChat } from './chat/load-web-chat.ts';
import { ConsentGate } from './consent-gate.ts';
import { type ConversationLeads, watchLeads } from './conversation-leads.ts';
import { loadDemoChat, loadDemoOptions } from './load-demo-call.ts';
import { loadFunnelAnalytics } from './load-funnel-analytics.ts';
import { loadResume } from './load-resume.ts';
import { type PersonLadder, personLadder } from './person-ladder.ts';
import { TextStore, type TextsSnapshot } from './text-store.ts';

/**
 * One `<voice-assistant>`'s application, framework-free: its parsed attributes (the loader's
 * store), texts, voice calls, typed chat and disclosure. The React view only reads it.
 */
export interface WidgetApp {
  readonly bridge: UiBridge;
  readonly config: WidgetConfigStore;
  readonly texts: TextStore;
  readonly calls: CallController;
  readonly chat: ChatController;
  readonly consent: ConsentGate;
  /** The lead wiring: the one tool-call watch and the page's listing. */
  readonly leads: ConversationLeads;
  /** "Talk to a person": whether it is offered, and opening it. */
  readonly person: PersonLadder;
}

function storageOf(doc: Document, kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return doc.defaultView?.[kind] ?? null;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

/** Builds the application of the element behind `bridge`, in the language of `initial`. */
export function createWidgetApp(bridge: UiBridge, initial: TextsSnapshot): WidgetApp {
  const { host, config: store } = bridge;
  const doc = host.ownerDocument;
  const texts = new TextStore(initial, loadTexts);
  const config = store.get;
  // Labels default to the full texts of the language on screen; a `lang` change loads new ones.
  const applyTexts = (): void => store.setTexts(texts.texts.labels, texts.texts.talkTo);
  applyTexts();
  texts.subscribe(applyTexts);
  store.subscribe(() => {
    texts.setLanguage(elementLanguage(host)).catch(() => undefined);
  });
  const consent = new ConsentGate({
    host,
    config: () => config().consent,
    storage: () => storageOf(doc, 'localStorage'),
    now: () => new Date(),
  });
  // The one ToolCallWatcher: the calls and the typed chat hand it their conversations in turn.
  const leads = watchLeads({ host, config });
  const calls = new CallController({
    host,
    config,
    leads,
    callOptions: bridge.callOptions,
    loadDemo: loadDemoOptions,
    userAgent: navigator.userAgent,
    now: () => performance.now(),
    texts: () => texts.texts,
    consent,
    language: () => texts.language,
  });
  const chat = new ChatController({
    calls,
    leads,
    config,
    consent,
    language: () => texts.language,
    webChat: loadWebChat,
    loadDemoChat,
  });
  if (!config().demo) {
    preloadPlatformWebCall();
  }
  const person = personLadder(host, leads);
  const app = { bridge, config: store, texts, calls, chat, consent, leads, person };
  if (config().analytics === 'datalayer') {
    loadFunnelAnalytics()
      .then(({ watchAppFunnel }) => watchAppFunnel(app))
      .catch(() => undefined);
  }
  // The conversation follows the visitor to the next page (docs/behaviour.md#resume): its code
  // loads once a call has started or a typed chat has its first line, or at once when the last
  // page left one.
  const follow = (): void => {
    loadResume()
      .then(({ followVisitor }) => followVisitor(app))
      .catch(() => undefined);
  };
  host.addEventListener('voice-assistant:call-start', follow);
  const typed = chat.subscribe(() => {
    if (chat.live()) {
      typed();
      follow();
    }
  });
  if (storageOf(doc, 'sessionStorage')?.getItem(LIVE_CONVERSATION_KEY)) {
    follow();
  }
  return app;
}

/**
 * Carries out what the visitor asked for before the UI arrived: a start, the text box, or both
 * (a visitor who pressed Talk, then Type instead while the chunk was still coming, gets both).
 */
export function resumePending(app: WidgetApp): void {
  if (app.bridge.pendingStart()) {
    // The loader awaits the same start (start() returns the call in progress).
    app.calls.start().catch(() => undefined);
  }
  if (app.bridge.pendingChat()) {
    app.chat.open();
  }
}
