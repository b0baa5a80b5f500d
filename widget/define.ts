import type { CallClientOptions } from './call/call-client.ts';
import type { LoadUi } from './element/bridge.ts';
import { registerVoiceAssistant } from './loader/register-element.ts';

/** The UI chunk, fetched on the visitor's first sign of intent, then its language's texts. */
const loadUi: LoadUi = (language) =>
  import('./ui/mount-ui.ts').then((ui) => ui.prepareUi(language));

/**
 * Registers `<voice-assistant>` (or `tag`). Idempotent: a second call, or a second copy of the
 * script, is a no-op when the same version is registered; a different version already
 * registered is kept, with one warning naming both. Call it in a browser only: on a server,
 * import the package and skip this call.
 */
export function defineVoiceAssistant(
  tag = 'voice-assistant',
  registry: CustomElementRegistry = customElements,
): void {
  registerVoiceAssistant(loadUi, tag, registry);
}

declare module './element/bridge.ts' {
  /** The element forwards any of the call client's own options. */
  interface CallOptionsOverride extends Partial<CallClientOptions> {}
}
