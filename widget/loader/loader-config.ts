import { warningSentence } from '../element/attribute-problems.ts';
import {
  DEFAULT_LABELS,
  parseAttributes,
  readAttributes,
  type WidgetConfig,
} from '../element/attributes.ts';
import { IDLE_LABELS, TALK_TO } from '../element/i18n/idle-labels.ts';
import { elementLanguage } from '../element/i18n/languages.ts';

/** The element's attributes as the loader reads them, in the element's language. */
export function loaderConfig(element: HTMLElement): WidgetConfig {
  const language = elementLanguage(element);
  const idle = IDLE_LABELS[language];
  // Only the idle labels of other languages ship in the loader (docs/behaviour.md#languages):
  // until the UI brings the rest, a click shows the idle label dimmed and busy.
  const defaults = language === 'en' ? DEFAULT_LABELS : { idle, connecting: idle, active: idle };
  return parseAttributes(readAttributes(element), element.localName, defaults, TALK_TO[language]);
}

/**
 * One console warning per ignored attribute value, naming what to write: the widget works
 * with the default, so the page's developer is told here rather than on the page. `warned`
 * holds the `attribute=value` pairs already warned about, so each is warned about once.
 */
export function warnAttributes(element: HTMLElement, warned: Set<string>): void {
  for (const warning of loaderConfig(element).warnings) {
    const key = `${warning.attribute}=${warning.value}`;
    if (!warned.has(key)) {
      warned.add(key);
      // biome-ignore lint/suspicious/noConsole: an ignored attribute is the integrator's to fix; the loader has no other channel.
      console.warn(warningSentence(element.localName, warning));
    }
  }
}
