import { type ComponentType, lazy, Suspense } from 'react';

// The configurator is its own chunk in the browser, so the landing page's JavaScript does not
// grow with it. The prerenderer hands over the page itself (site/entry-server.tsx) so it renders
// at once; in the browser the boundary hydrates once the chunk has arrived.
const LazyEmbedPage = lazy(() =>
  import('./embed-page.tsx').then((module) => ({ default: module.EmbedPage })),
);

let prerenderedPage: ComponentType | null = null;

/** Called by the server entry only: render `/embed` from this component, without the chunk. */
export function prerenderEmbedPageWith(page: ComponentType): void {
  prerenderedPage = page;
}

/** `/embed`, split from the rest of the site's client code. */
export function EmbedRoute() {
  const Page = prerenderedPage ?? LazyEmbedPage;
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
