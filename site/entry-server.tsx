import { prerenderToNodeStream } from 'react-dom/static';
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
  // The static prerenderer waits for every lazy section, so the HTML is the whole page.
  const { prelude } = await prerenderToNodeStream(<App Page={Page} />, {
    // Every boundary inline, in place: no hidden segments moved into place by an inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let html = '';
  for await (const chunk of prelude) {
    html += String(chunk);
  }
  return { head: headTags(route, config), html };
}
