import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import type { SiteConfig } from './config.ts';
import { headTags } from './head.ts';
import { EmbedPage } from './pages/embed-page.tsx';
import { prerenderEmbedPageWith } from './pages/embed-route.tsx';
import type { RouteName } from './paths.ts';

export { PRERENDERED_ROUTES } from './paths.ts';
export { settings } from './settings.ts';

prerenderEmbedPageWith(EmbedPage);

/** Prerendered HTML of one route: the `<head>` tags and the markup inside `#root`. */
export function renderRoute(
  route: RouteName,
  config: Pick<SiteConfig, 'siteUrl'>,
): { head: string; html: string } {
  return { head: headTags(route, config), html: renderToString(<App route={route} />) };
}
