import type { CallClientOptions, WebCallCreator } from '../call/call-client.ts';
import type { CallTransportFactory } from '../call/transport.ts';
import { matchLanguage } from '../element/i18n/languages.ts';
import { clipUrls } from './clips.ts';
import { DemoTransport } from './demo-transport.ts';
import { createDemoWebCall } from './demo-web-call.ts';
import { hostOfCall, hostScript, languageOfCall } from './host-script.ts';
import { SCRIPT } from './script.ts';
import { lineVoice } from './synth-voice.ts';
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
 * `import()`, so neither its code nor its audio is part of the real call path. A call resumed
 * on another page passes the assistant's lines already heard (`heardLines`): its script goes on.
 */
export function demoCallOptions(
  assistantName: string | null = null,
  heardLines = 0,
): DemoCallOptions {
  // Browsers list their speech voices lazily: asking now has them ready when the room opens.
  globalThis.speechSynthesis?.getVoices();
  // The call's body names the page's listing; the room, created next, tells it.
  let body: unknown = null;
  const create = createDemoWebCall();
  const createWebCall: WebCallCreator = (payload, signal) => {
    body = payload;
    return create(payload, signal);
  };
  const transportFactory: CallTransportFactory = async (options) => {
    const language = matchLanguage(languageOfCall(body));
    const host = {
      ...hostOfCall(body),
      ...(language !== null && { language }),
      ...(assistantName !== null &&
        assistantName.trim() !== '' && {
          assistantName: assistantName.trim(),
        }),
    };
    const script = hostScript(host);
    // The recordings say the sample's words: another home's call neither fetches nor plays them.
    const own = script !== SCRIPT;
    return new DemoTransport({
      options,
      createEngine: () => new WebAudioEngine({ urls: own ? {} : clipUrls() }),
      host,
      heardLines,
      ...(own && { script, voice: lineVoice(languageOfCall(body)) }),
    });
  };
  return { publicKey: DEMO_PUBLIC_KEY, transportFactory, createWebCall };
}
