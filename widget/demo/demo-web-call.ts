import type { WebCallCreator, WebCallResponse } from '../call/call-client.ts';
import { WEB_CALL_DELAY_MS } from './constants.ts';

/** The room URL scheme of demo calls: never a network address. */
export const DEMO_ROOM_SCHEME = 'demo:';

/**
 * Creates a demo web call without any network: a response in the shape of POST /call/web
 * (`id`, `webCallUrl`, the artifact plan and the voice) after a realistic
 * {@link WEB_CALL_DELAY_MS}. Whatever the payload names (any assistant id, an inline
 * assistant, a squad or a workflow) talks to the demo assistant. Honours the abort signal.
 */
export function createDemoWebCall(newId: () => string = () => crypto.randomUUID()): WebCallCreator {
  return (_payload, signal) =>
    new Promise<WebCallResponse>((resolve, reject) => {
      const abort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', abort);
        const id = `demo-${newId()}`;
        resolve({
          id,
          webCallUrl: `${DEMO_ROOM_SCHEME}//room/${id}`,
          artifactPlan: { videoRecordingEnabled: false },
          assistant: { voice: { provider: 'demo' } },
        });
      }, WEB_CALL_DELAY_MS);
      if (signal.aborted) {
        abort();
      } else {
        signal.addEventListener('abort', abort, { once: true });
      }
    });
}
