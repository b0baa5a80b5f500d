/** The call client's states (docs/behaviour.md#call-states). */
export type CallState = 'idle' | 'starting' | 'connected';

/**
 * The only transitions the client may make. A second `start()` is not a transition: the
 * client reports it as a failed validation stage (`already-started`) and keeps its state.
 */
export const CALL_TRANSITIONS: Readonly<Record<CallState, readonly CallState[]>> = {
  idle: ['starting'],
  starting: ['connected', 'idle'],
  connected: ['idle'],
};

/** True when `from → to` is in the table. */
export function canTransition(from: CallState, to: CallState): boolean {
  return CALL_TRANSITIONS[from].includes(to);
}

/**
 * Guards a transition. Throwing here means a bug in the client itself (never user input), so it
 * is a plain `Error`, not a `CallError`.
 */
export function assertTransition(from: CallState, to: CallState): void {
  if (!canTransition(from, to)) {
    throw new Error(`Invalid call state transition: ${from} → ${to}`);
  }
}
