/**
 * Thrown by the element's `setMuted`, `isMuted` and `say` when no call is running
 * (docs/behaviour.md#validation). It is the one error for that condition: the loader throws it
 * before the UI has loaded and the UI throws it after, so a host's `instanceof` check and its
 * `code` test hold whether or not the visitor has hovered yet.
 */
export class VoiceAssistantError extends Error {
  override readonly name = 'VoiceAssistantError';
  /** Stable machine-readable code of the condition. */
  readonly code = 'no-active-call';
  constructor() {
    super('Call object is not available.');
  }
}
