/**
 * Thrown by the element's `setMuted`, `isMuted` and `say`, and by the call client's controls
 * (`CallError.noActiveCall()`), when no call is running (docs/behaviour.md#validation). It is
 * the one error for that condition: the loader throws it before the UI has loaded, the UI and
 * the call client after, so a host's `instanceof` check and its `code` test hold whichever
 * layer threw it. It lives in `element/`, the bottom layer, so `call/` can throw it too.
 */
export class VoiceAssistantError extends Error {
  override readonly name = 'VoiceAssistantError';
  /** Stable machine-readable code of the condition. */
  readonly code = 'no-active-call';
  constructor() {
    super('Call object is not available.');
  }
}
