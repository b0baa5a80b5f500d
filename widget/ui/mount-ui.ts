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
import type { MountedUi, MountUi } from '../element/bridge.ts';
import { loadDemoOptions } from './lazy-modules.ts';
import { setUiContext } from './ui-context.ts';
import { VoiceAssistantView } from './voice-assistant.tsx';
import { WidgetSession } from './widget-session.ts';

/** The internal element's tag, versioned so two widget versions on one page never share it. */
export const UI_TAG = `voice-assistant-ui-${version.replaceAll('.', '-')}`;

/**
 * r2wc props derived from the attribute list. Each is typed `json` on the internal element,
 * so `null` (attribute absent) and `''` (present but empty, like `demo`) survive the trip;
 * r2wc's `string` and `boolean` types drop empty values and ignore removals.
 */
const PROPS = Object.fromEntries(ATTRIBUTES.map((name) => [camelCase(name), 'json'])) as Record<
  CamelCase<AttributeName>,
  'json'
>;

type UiElement = HTMLElement & Partial<Record<CamelCase<AttributeName>, string | null>>;

function defineUiElement(registry: CustomElementRegistry): void {
  if (!registry.get(UI_TAG)) {
    registry.define(UI_TAG, r2wc(VoiceAssistantView, { props: PROPS }));
  }
}

function mirror(element: UiElement, name: AttributeName, value: string | null): void {
  element[camelCase(name)] = value;
}

/** Mounts the React UI into the loader's shadow root; the loader's own DOM goes on commit. */
export const mountUi: MountUi = (root, bridge): MountedUi => {
  const host = bridge.host;
  const doc = host.ownerDocument;
  defineUiElement((doc.defaultView ?? window).customElements);
  const config = () => parseAttributes(readAttributes(host), host.localName);
  const session = new WidgetSession({
    host,
    config,
    callOptions: bridge.callOptions,
    loadDemo: loadDemoOptions,
    userAgent: navigator.userAgent,
    now: () => performance.now(),
  });
  if (!config().demo) {
    preloadPlatformWebCall();
  }
  // Built in an inert document, so r2wc's constructor runs only when the element is adopted
  // into the shadow root, with every attribute already there: one first render, never a
  // render with half the props.
  const inert = doc.implementation.createHTMLDocument('');
  const element = inert.createElement(UI_TAG) as UiElement;
  element.className = 'ui';
  for (const name of ATTRIBUTES) {
    element.setAttribute(name, JSON.stringify(host.getAttribute(name)));
  }
  setUiContext(element, { session, bridge });
  if (bridge.pendingStart()) {
    // The loader awaits the same start (session.start() returns the call in progress).
    session.start().catch(() => undefined);
  }
  root.append(element);
  return {
    controller: session,
    attributeChanged: (name, value) => mirror(element, name, value),
  };
};
