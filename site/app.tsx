import { type ComponentType, useEffect } from 'react';
import { hydrationQueue } from './islands/queue.ts';

/**
 * Renders the page of a route (chosen by pages/page-loaders.ts). Once the islands of the first
 * screen have hydrated, `<html data-hydrated="true">` says so; once every island has, the ones
 * below the first screen included, `data-hydrated-all="true"` (tests and monitoring).
 */
export function App({ Page }: { Page: ComponentType }) {
  useEffect(() => {
    hydrationQueue.start();
    void hydrationQueue.ready.then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    void hydrationQueue.done.then(() => {
      document.documentElement.dataset.hydratedAll = 'true';
    });
  }, []);
  return <Page />;
}
