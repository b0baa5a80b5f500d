import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import type { SiteConfig } from './config.ts';
import { headTags } from './head.ts';
import { pageLoaders } from './pages/page-loaders.ts';
import type { RouteName } from './paths.ts';

export { PRERENDERED_ROUTES } from './paths.ts';
export { settings } from './settings.ts';

/** Prerendered HTML of one route: the `<head>` tags and the markup inside `#root`. */
export async function renderRoute(
  route: RouteName,
  config: Pick<SiteConfig, 'siteUrl'>,
): Promise<{ head: string; html: string }> {
  const Page = await pageLoaders[route]();
  return { head: headTags(route, config), html: renderToString(<App Page={Page} />) };
}
