import type { CallClientOptions } from '../call/call-client.ts';
import type { CallTransportFactory } from '../call/transport.ts';
import { clipUrls } from './clips.ts';
import { DemoTransport } from './demo-transport.ts';
import { createDemoWebCall } from './demo-web-call.ts';
import { WebAudioEngine } from './web-audio-engine.ts';

/**
 * The demo's typed answers (docs/behaviour.md#chat), re-exported so the widget's text chat loads
 * them from this same chunk: all demo code stays in one lazy file.
 */
export { DEMO_CHAT_START, demoChatStart, demoTurn } from './chat-replies.ts';

/** The public key the demo reports; it is never sent anywhere. */
export const DEMO_PUBLIC_KEY = 'demo';

/** The demo's parts of `CallClientOptions`. */
export type DemoCallOptions = Pick<CallClientOptions, 'transportFactory' | 'createWebCall'> & {
  publicKey: string;
};

/**
 * `CallClient` options for the offline demo assistant: a local `createWebCall` (no network)
 * and a `transportFactory` whose room is simulated, with a recorded voice played through Web
 * Audio. Everything above the transport seam (stages, events, speech detection, volume, the
 * wave) runs unchanged. The widget loads this module only in demo mode, with a dynamic
 * `import()`, so neither its code nor its audio is part of the real call path.
 */
export function demoCallOptions(): DemoCallOptions {
  const transportFactory: CallTransportFactory = async (options) =>
    new DemoTransport({
      options,
      createEngine: () => new WebAudioEngine({ urls: clipUrls() }),
    });
  return { publicKey: DEMO_PUBLIC_KEY, transportFactory, createWebCall: createDemoWebCall() };
}
