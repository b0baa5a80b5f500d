import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { logger } from '../lib/logger.ts';

/** Set on `<html>` when a section's code could not be downloaded (the stylesheet then shows its
 * prerendered content as it is, without waiting for a reveal that cannot come). */
export const SECTION_FAILED_ATTRIBUTE = 'data-section-failed';

const never = new Promise<never>(() => {});

/**
 * A section whose code is its own chunk, for a `DeferredIsland`. The server awaits it like any
 * lazy component. In the browser, a download that fails (offline, a deploy that removed the
 * chunk) must not blank the page: the section then never hydrates, so its prerendered HTML stays
 * exactly as it is, links and the form's native POST included.
 */
export function lazySection(
  load: () => Promise<ComponentType>,
): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (typeof document === 'undefined') {
          throw error;
        }
        document.documentElement.setAttribute(SECTION_FAILED_ATTRIBUTE, 'true');
        logger.warn('A section of the page could not be loaded; it stays as plain HTML.', error);
        return never;
      },
    ),
  );
}
