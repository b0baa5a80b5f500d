import type { WebCallCreator } from '../call/call-client.ts';
import { Timers } from '../call/timers.ts';
import { WEB_CALL_DELAY_MS } from './demo-timings.ts';

/** The room URL scheme of demo calls: never a network address. */
export const DEMO_ROOM_SCHEME = 'demo:';

/**
 * Creates a demo web call without any network: a response in the shape of POST /call/web
 * (`id`, `webCallUrl` and the artifact plan) after a realistic
 * {@link WEB_CALL_DELAY_MS}. Whatever the payload names (any assistant id, an inline
 * assistant, a squad or a workflow) talks to the demo assistant. Honours the abort signal.
 */
export function createDemoWebCall(newId: () => string = () => crypto.randomUUID()): WebCallCreator {
  const timers = new Timers();
  return async (_payload, signal) => {
    await timers.delay(WEB_CALL_DELAY_MS, signal);
    const id = `demo-${newId()}`;
    return {
      id,
      webCallUrl: `${DEMO_ROOM_SCHEME}//room/${id}`,
      artifactPlan: { videoRecordingEnabled: false },
    };
  };
}
