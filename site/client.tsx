import { type ComponentType, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { hydrationQueue } from './islands/queue.ts';
import type { RouteName } from './paths.ts';

const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Starts the app on the page (called by main.tsx once React and the page's chunk are loaded).
 * The build prerenders each route into #root and tags it with data-route; when that matches the
 * URL the markup is hydrated island by island, otherwise (dev server, unknown paths served
 * another page's HTML) it is rendered from scratch.
 */
export function startApp(route: RouteName, Page: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) {
    return;
  }
  const app = (
    <StrictMode>
      <App Page={Page} />
    </StrictMode>
  );
  if (container.dataset.route === route && container.firstElementChild) {
    hydrationQueue.hold();
    // A visitor about to click or type should not wait for their island's turn.
    for (const type of INTENT_EVENTS) {
      window.addEventListener(type, () => hydrationQueue.openAll(), {
        capture: true,
        once: true,
        passive: true,
      });
    }
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}
