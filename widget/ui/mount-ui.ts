import r2wc from '@r2wc/react-to-web-component';
import { version } from '../../package.json';
import { preloadPlatformWebCall } from '../call/client-options.ts';
import {
  ATTRIBUTES,
  type AttributeName,
  type CamelCase,
  camelCase,
  parseAttributes,
  readAttributes,
} from '../element/attributes.ts';
import type { MountedUi, MountUi, UiBridge } from '../element/bridge.ts';
import { elementLanguage, type Language, textDirection } from '../element/i18n/languages.ts';
import { loadTexts } from '../element/i18n/load-texts.ts';
import { extendWidgetStyleSheet } from '../element/styles.ts';
import { ACCESS_CSS } from '../element/styles-access.ts';
import { VIEW_CSS } from '../element/styles-view.ts';
import { checkBoxHeight } from './box-height.ts';
import { ChatController } from './chat/chat-controller.ts';
import { loadDemoChat, loadWebChat } from './chat/lazy-chat.ts';
import { ConsentGate } from './consent/consent-gate.ts';
import { TextStore, type TextsSnapshot } from './i18n/text-store.ts';
import { loadDemoOptions } from './lazy-modules.ts';
import { setUiContext } from './ui-context.ts';
import { VoiceAssistantView } from './voice-assistant.tsx';
import { WidgetSession } from './widget-session.ts';

/** The internal element's tag, versioned so two widget versions on one page never share it. */
export const UI_TAG = `voice-assistant-ui-${version.replaceAll('.', '-')}`;

/**
 * r2wc props derived from the attribute list, except `lang`: the language reaches the view
 * through the text store, and the internal element's own `lang` is the resolved language. Each is typed `json` on the internal element,
 * so `null` (attribute absent) and `''` (present but empty, like `demo`) survive the trip;
 * r2wc's `string` and `boolean` types drop empty values and ignore removals.
 */
const PROP_ATTRIBUTES = ATTRIBUTES.filter((name): name is PropAttribute => name !== 'lang');
const PROPS = Object.fromEntries(
  PROP_ATTRIBUTES.map((name) => [camelCase(name), 'json']),
) as Record<CamelCase<PropAttribute>, 'json'>;

type PropAttribute = Exclude<AttributeName, 'lang'>;
type UiElement = HTMLElement & Partial<Record<CamelCase<PropAttribute>, string | null>>;

function defineUiElement(registry: CustomElementRegistry): void {
  if (!registry.get(UI_TAG)) {
    registry.define(UI_TAG, r2wc(VoiceAssistantView, { props: PROPS }));
  }
}

function mirror(element: UiElement, name: PropAttribute, value: string | null): void {
  element[camelCase(name)] = value;
}

/**
 * Loads the texts of `language`, then hands the loader the function that mounts the UI in it
 * (docs/behaviour.md#languages: only the chosen language's texts are fetched).
 */
export function prepareUi(language: Language): Promise<MountUi> {
  return loadTexts(language).then(
    (texts) => (root, bridge) => mountUi(root, bridge, { language, texts }),
  );
}

function localStorageOf(doc: Document): Storage | null {
  try {
    return doc.defaultView?.localStorage ?? null;
  } catch {
    return null; // blocked by the browser's privacy settings
  }
}

/** Mounts the React UI into the loader's shadow root; the loader's own DOM goes on commit. */
export function mountUi(root: ShadowRoot, bridge: UiBridge, initial: TextsSnapshot): MountedUi {
  const host = bridge.host;
  const doc = host.ownerDocument;
  defineUiElement((doc.defaultView ?? window).customElements);
  extendWidgetStyleSheet(doc, VIEW_CSS + ACCESS_CSS);
  const texts = new TextStore(initial, loadTexts);
  const config = () =>
    parseAttributes(readAttributes(host), host.localName, texts.texts.labels, texts.texts.talkTo);
  const consent = new ConsentGate({
    host,
    config: () => config().consent,
    storage: () => localStorageOf(doc),
    now: () => new Date(),
  });
  const session = new WidgetSession({
    host,
    config,
    callOptions: bridge.callOptions,
    loadDemo: loadDemoOptions,
    userAgent: navigator.userAgent,
    now: () => performance.now(),
    texts: () => texts.texts,
    consent: (purpose) => consent.request(purpose),
    language: () => texts.language,
  });
  const chat = new ChatController({
    host,
    session,
    config,
    consent,
    language: () => texts.language,
    webChat: (current) =>
      loadWebChat({ publicKey: current.publicKey ?? '', apiBaseUrl: current.apiBaseUrl }),
    loadDemoChat,
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  if (config().analytics === 'datalayer') {
    // Only pages that asked for analytics carry its code (the after-click budget).
    import('./funnel-analytics.ts')
      .then(({ watchFunnel }) =>
        watchFunnel({
          host,
          enabled: () => config().analytics === 'datalayer',
          session,
          chat,
          consent: {
            subscribe: consent.subscribe,
            getSnapshot: consent.getSnapshot,
            agreed: () => consent.current() !== null,
          },
          now: () => performance.now(),
        }),
      )
      .catch(() => undefined);
  }
  if (!config().demo) {
    preloadPlatformWebCall();
  }
  // Built in an inert document, so r2wc's constructor runs only when the element is adopted
  // into the shadow root, with every attribute already there: one first render, never a
  // render with half the props.
  const inert = doc.implementation.createHTMLDocument('');
  const element = inert.createElement(UI_TAG) as UiElement;
  element.className = 'ui';
  for (const name of PROP_ATTRIBUTES) {
    element.setAttribute(name, JSON.stringify(host.getAttribute(name)));
  }
  // `lang` and `dir` on the internal element: the whole view (not the wave) follows them.
  const showLanguage = (): void => {
    element.lang = texts.language;
    element.dir = textDirection(texts.language);
  };
  showLanguage();
  texts.subscribe(showLanguage);
  setUiContext(element, { session, bridge, texts, chat, consent });
  if (bridge.pendingStart()) {
    // The loader awaits the same start (session.start() returns the call in progress).
    session.start().catch(() => undefined);
  } else if (bridge.pendingChat()) {
    chat.open();
  }
  root.append(element);
  checkBoxHeight(host, root);
  return {
    controller: session,
    attributeChanged: (name, value) => {
      if (name === 'lang') {
        texts.setLanguage(elementLanguage(host)).catch(() => undefined);
      } else {
        mirror(element, name, value);
      }
    },
  };
}
