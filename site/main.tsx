import { afterFirstPaint } from './islands/after-first-paint.ts';
import { hydrationQueue, nextTask } from './islands/queue.ts';
import { pageLoaders } from './pages/page-loaders.ts';
import { ROUTES_WITH_WIDGET, ROUTES_WITHOUT_PRERENDERED_PAINT, routeForPath } from './paths.ts';

// Entry of every page (docs/behaviour.md#landing). The prerendered HTML and the stylesheet it
// links are the whole first paint. Once the browser has reported that paint (islands/after-first-paint.ts),
// each step below is a task of its own, so no single task blocks the main thread for long: React
// and the page's chunk, then hydration island by island (islands/hydration-queue.ts), then the
// widget's small loader.
const route = routeForPath(window.location.pathname);

async function start(): Promise<void> {
  // Both chunks download in parallel; each is evaluated in its own task when it arrives.
  const page = pageLoaders[route]();
  const client = await import('./client.tsx');
  const Page = await page;
  await nextTask();
  client.startApp(route, Page);
  if (ROUTES_WITH_WIDGET.has(route)) {
    await hydrationQueue.ready;
    await nextTask();
    const { loadWidget } = await import('./lib/site-assistant.ts');
    await loadWidget();
  }
}

const prerendered = document.getElementById('root')?.dataset.route === route;
void afterFirstPaint(prerendered && !ROUTES_WITHOUT_PRERENDERED_PAINT.has(route)).then(start);
