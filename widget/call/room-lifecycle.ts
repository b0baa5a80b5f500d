import { untilAborted } from './abortable.ts';
import { CallError } from './call-error.ts';
import type { LiveCall } from './live-call.ts';
import type { Timers } from './timers.ts';
import type { CallTransport } from './transport.ts';

/** What the room is joined with (daily-js's `join()` options). */
export type JoinOptions = Parameters<CallTransport['join']>[0];

/**
 * Joins `call`'s room with our own timeout: any rejection (daily-js rejects with a plain string
 * when offline) or no answer within `timeoutMs` becomes a `daily-call-join-error`; a stop of the
 * call rejects at once.
 */
export async function joinRoom(
  call: LiveCall,
  timers: Timers,
  options: JoinOptions,
  timeoutMs: number,
): Promise<void> {
  const transport = call.transport;
  call.throwIfStopped();
  if (!transport) {
    throw new Error('The room was joined before it was created.');
  }
  let cancelTimeout: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    cancelTimeout = timers.after(timeoutMs, () => reject(CallError.joinTimeout(timeoutMs)));
  });
  const joining = Promise.resolve().then(() => {
    call.throwIfStopped();
    return transport.join(options);
  });
  try {
    await untilAborted(Promise.race([joining, timeout]), call.signal);
  } finally {
    cancelTimeout?.();
    joining.catch(() => undefined);
  }
}

/**
 * Releases the room: its observers and a recording it started (each may already be stopped),
 * then the room object itself. Never throws.
 */
export async function releaseRoom(transport: CallTransport, recording: boolean): Promise<void> {
  quietly(() => transport.stopRemoteParticipantsAudioLevelObserver());
  if (recording) {
    quietly(() => transport.stopRecording());
  }
  await transport.destroy().catch(() => undefined);
}

function quietly(run: () => void): void {
  try {
    run();
  } catch {
    // Already stopped, or the room never got that far: nothing left to release.
  }
}
