import type { DemoCallOptions } from '../demo/demo-call.ts';

/**
 * What the UI fetches only when needed, as a separate chunk of the ES build: the offline demo
 * assistant (demo mode only). daily-js is warmed by the call client itself at `start()`.
 */

/** Loads the offline demo assistant's call options, for the element's `assistant-name`. */
export function loadDemoOptions(assistantName: string | null): Promise<DemoCallOptions> {
  return import('../demo/demo-call.ts').then((demo) => demo.demoCallOptions(assistantName));
}
