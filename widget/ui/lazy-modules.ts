import { preloadDaily } from '../call/daily-transport.ts';
import type { DemoOptions } from './widget-session.ts';

/**
 * What the UI fetches only when needed, each a separate chunk of the ES build: the offline demo
 * assistant (demo mode only) and daily-js (real calls only).
 */

/** Loads the offline demo assistant's call options. */
export function loadDemoOptions(): Promise<DemoOptions> {
  return import('../demo/demo-call.ts').then((demo) => demo.demoCallOptions());
}

/** Starts fetching daily-js at the click, while the web call is being created. */
export function preloadRoomLibrary(): void {
  preloadDaily().catch(() => undefined);
}
