import '../widget/embed.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { routeForPath } from './paths.ts';

/**
 * Starts the app on the page (called by main.tsx after the first paint). The build prerenders
 * each route into #root and tags it with data-route; when that matches the URL the markup is
 * hydrated, otherwise (dev server, unknown paths served another page's HTML) it is rendered
 * from scratch.
 */
export function startApp(): void {
  const container = document.getElementById('root');
  if (!container) {
    return;
  }
  const route = routeForPath(window.location.pathname);
  const app = (
    <StrictMode>
      <App route={route} />
    </StrictMode>
  );
  if (container.dataset.route === route && container.firstElementChild) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}
