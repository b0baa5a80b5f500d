import type { VoiceAssistantElement } from '../../widget/entries/element.ts';

/** The id of the landing page's floating `<voice-assistant>`. */
export const SITE_ASSISTANT_ID = 'site-assistant';

/** Registers `<voice-assistant>` (its own chunk; importing it again is free). */
export function loadWidget(): Promise<unknown> {
  return import('../../widget/entries/bundle.ts');
}

/**
 * Opens the page's floating widget and starts its call, through the element's public API
 * (`start()`), loading the widget first if the visitor is faster than the page.
 */
export async function startSiteAssistant(): Promise<void> {
  const element = document.getElementById(SITE_ASSISTANT_ID);
  if (!element) {
    return;
  }
  await loadWidget();
  await customElements.whenDefined('voice-assistant');
  await (element as VoiceAssistantElement).start();
}
