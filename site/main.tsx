import '../widget/embed.ts';
import './styles/site.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { routeForPath } from './paths.ts';

// Client entry. The build prerenders each route into #root and tags it with data-route; when
// that matches the URL the markup is hydrated, otherwise (dev server, unknown paths served the
// landing HTML) the page is rendered from scratch.
const container = document.getElementById('root');
if (container) {
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
