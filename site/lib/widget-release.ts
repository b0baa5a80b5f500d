import type { WidgetRelease } from './embed-snippets.ts';

// Replaced at build time by vite.config.ts with the widget build's version and SRI hashes.
declare const __WIDGET_RELEASE__: WidgetRelease;

/** The widget release this site was built with (scripts/widget-release.ts). */
export const widgetRelease: WidgetRelease = __WIDGET_RELEASE__;
