import { useSyncExternalStore } from 'react';

/** The History API as a tiny store: the location the app renders, and how to move it. */
const listeners = new Set<() => void>();
let focusPending = false;

function notify(): void {
  for (const listener of listeners) {
    listener();
  }
}

window.addEventListener('popstate', () => {
  focusPending = true;
  notify();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => `${location.pathname}${location.search}`;

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, current);
  const url = new URL(href, location.origin);
  return { pathname: url.pathname, search: url.search };
}

export interface NavigateOptions {
  /** Replace the history entry (filters, redirects) instead of adding one. */
  replace?: boolean;
  /** Move focus to the new page's heading (a new page, not a filter change). */
  focus?: boolean;
}

/** Goes to `href` inside the app (no page load). */
export function navigate(href: string, options: NavigateOptions = {}): void {
  if (href === current()) {
    return;
  }
  if (options.replace) {
    history.replaceState(null, '', href);
  } else {
    history.pushState(null, '', href);
  }
  focusPending = options.focus ?? false;
  notify();
}

/** True once after a navigation that asked for the page heading to take focus. */
export function takeFocusRequest(): boolean {
  const pending = focusPending;
  focusPending = false;
  return pending;
}
