import { version } from '../../package.json';
import { loadTexts } from '../element/after-intent/load-texts.ts';
import { ACCESS_CSS } from '../element/after-intent/styles-access.ts';
import { VIEW_CSS } from '../element/after-intent/styles-view.ts';
import type { MountedUi, MountUi, UiBridge } from '../element/bridge.ts';
import { type Language, textDirection } from '../element/i18n/languages.ts';
import { extendWidgetStyleSheet } from '../element/styles.ts';
import type { TextsSnapshot } from '../session/text-store.ts';
import { createWidgetApp, resumePending } from '../session/widget-app.ts';
import { checkBoxHeight } from './box-height.ts';
import { viewElement } from './view-element.ts';
import { type AppElement, VoiceAssistantView } from './voice-assistant.tsx';

/** The internal element's tag, versioned so two widget versions on one page never share it. */
export const UI_TAG = `voice-assistant-ui-${version.replaceAll('.', '-')}`;

function defineUiElement(registry: CustomElementRegistry): void {
  if (!registry.get(UI_TAG)) {
    // No props: the view reads everything from its element's application (`AppElement`).
    registry.define(UI_TAG, viewElement(VoiceAssistantView));
  }
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

/** Mounts the React UI into the loader's shadow root; the loader's own DOM goes on commit. */
export function mountUi(root: ShadowRoot, bridge: UiBridge, initial: TextsSnapshot): MountedUi {
  const doc = bridge.host.ownerDocument;
  defineUiElement((doc.defaultView ?? window).customElements);
  extendWidgetStyleSheet(doc, VIEW_CSS + ACCESS_CSS);
  const app = createWidgetApp(bridge, initial);
  // Built in an inert document, so the view renders only when the element is adopted
  // into the shadow root, with its application already there: one first render.
  const element = doc.implementation.createHTMLDocument('').createElement(UI_TAG) as AppElement;
  element.className = 'ui';
  element.app = app;
  // `lang` and `dir` on the internal element: the whole view (not the wave) follows them.
  const showLanguage = (): void => {
    element.lang = app.texts.language;
    element.dir = textDirection(app.texts.language);
  };
  showLanguage();
  app.texts.subscribe(showLanguage);
  resumePending(app);
  root.append(element);
  checkBoxHeight(bridge.host, root);
  return { controller: app.calls };
}
