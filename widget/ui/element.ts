import { logger } from '../call/logger.ts';
import { VoiceAssistantElement } from '../loader/voice-assistant-element.ts';

export { VoiceAssistantElement };

type VersionedConstructor = CustomElementConstructor & { version?: string };

/**
 * Registers `<voice-assistant>` (or `tag`). Idempotent: a second call, or a second copy of the
 * script, is a no-op when the same version is already registered; a different version already
 * registered is kept, with one warning naming both versions.
 */
export function defineVoiceAssistant(
  tag = 'voice-assistant',
  registry: CustomElementRegistry = customElements,
): void {
  const existing = registry.get(tag) as VersionedConstructor | undefined;
  if (existing) {
    if (existing.version !== VoiceAssistantElement.version) {
      logger.warn(
        `<${tag}> is already defined by version ${existing.version ?? 'unknown'}; ` +
          `version ${VoiceAssistantElement.version} is not registered again.`,
      );
    }
    return;
  }
  // A subclass per tag: one constructor may back only one registered name.
  registry.define(tag, class extends VoiceAssistantElement {});
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-assistant': VoiceAssistantElement;
  }
}
