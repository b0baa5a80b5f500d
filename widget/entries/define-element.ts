import type { CallClientOptions } from '../call/call-client.ts';
import { registerVoiceAssistant } from '../loader/register-element.ts';
import { loadUi } from './load-mount-ui.ts';

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

declare module '../element/bridge.ts' {
  /** The element forwards any of the call client's own options. */
  interface CallOptionsOverride extends Partial<CallClientOptions> {}
}
