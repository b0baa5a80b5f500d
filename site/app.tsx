import { AssistantPage } from './pages/assistant-page.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import type { RouteName } from './paths.ts';

/** Renders the page of a route; the route comes from paths.ts (client) or the prerenderer. */
export function App({ route }: { route: RouteName }) {
  switch (route) {
    case 'landing':
      return <LandingPage />;
    case 'assistant':
      return <AssistantPage />;
    default:
      return <NotFoundPage />;
  }
}
