import { type ComponentType, useEffect } from 'react';
import { hydrationQueue } from './islands/queue.ts';

/**
 * Renders the page of a route (chosen by pages/page-loaders.ts). Once every island of the page
 * has hydrated, `<html data-hydrated="true">` says so (tests and monitoring).
 */
export function App({ Page }: { Page: ComponentType }) {
  useEffect(() => {
    hydrationQueue.start();
    void hydrationQueue.done.then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return <Page />;
}
