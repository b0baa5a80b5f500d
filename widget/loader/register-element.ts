import type { LoadUi } from '../element/bridge.ts';
import { VoiceAssistantElement } from './voice-assistant-element.ts';

type VersionedConstructor = CustomElementConstructor & { version?: string };

/**
 * Registers the loader element under `tag`, with `loadUi` as the way to fetch its UI chunk.
 * Idempotent: a second call, or a second copy of the script, is a no-op when the same version is
 * already registered; a different version already registered is kept, with one warning naming
 * both versions. Hosts call `defineVoiceAssistant()` (widget/entries/define-element.ts), which
 * supplies `loadUi`.
 */
export function registerVoiceAssistant(
  loadUi: LoadUi,
  tag = 'voice-assistant',
  registry: CustomElementRegistry = customElements,
): void {
  const existing = registry.get(tag) as VersionedConstructor | undefined;
  if (existing) {
    if (existing.version !== VoiceAssistantElement.version) {
      // biome-ignore lint/suspicious/noConsole: a version clash is the integrator's to fix; the loader has no other channel.
      console.warn(
        `[voice-assistant] <${tag}> is already defined by version ${existing.version ?? 'unknown'}; ` +
          `version ${VoiceAssistantElement.version} is ignored.`,
      );
    }
    return;
  }
  // A subclass per tag: one constructor may back only one registered name.
  registry.define(
    tag,
    class extends VoiceAssistantElement {
      static override readonly loadUi = loadUi;
    },
  );
}
