import { useEffect } from 'react';
import { AssistantPage } from './pages/assistant-page.tsx';
import { EmbedRoute } from './pages/embed-route.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import type { RouteName } from './paths.ts';

function Page({ route }: { route: RouteName }) {
  switch (route) {
    case 'landing':
      return <LandingPage />;
    case 'assistant':
      return <AssistantPage />;
    case 'embed':
      return <EmbedRoute />;
    default:
      return <NotFoundPage />;
  }
}

/**
 * Renders the page of a route; the route comes from paths.ts (client) or the prerenderer.
 * Once the page is interactive, `<html data-hydrated="true">` says so (tests and monitoring).
 */
export function App({ route }: { route: RouteName }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Page route={route} />;
}
