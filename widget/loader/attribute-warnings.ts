import type { WidgetConfig } from '../element/attributes.ts';
import { warningSentence } from '../element/attributes.ts';

/**
 * One console warning per ignored attribute value, naming what to write: the widget works
 * with the default, so the page's developer is told here rather than on the page. `warned`
 * holds the `attribute=value` pairs already warned about, so each is warned about once.
 */
export function warnAttributes(tag: string, config: WidgetConfig, warned: Set<string>): void {
  for (const warning of config.warnings) {
    const key = `${warning.attribute}=${warning.value}`;
    if (!warned.has(key)) {
      warned.add(key);
      // biome-ignore lint/suspicious/noConsole: an ignored attribute is the integrator's to fix; the loader has no other channel.
      console.warn(warningSentence(tag, warning));
    }
  }
}
