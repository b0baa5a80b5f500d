import type { DailyCall, DailyFactoryOptions } from '@daily-co/daily-js';

/**
 * The narrow seam between the call client and the realtime room: exactly the part of
 * daily-js's `DailyCall` the client uses. The Daily transport, the offline demo assistant and
 * the test fake all implement it, and because it is a `Pick` of daily-js's own type, any of
 * them stops compiling when daily-js changes a signature we rely on.
 *
 * Only the live call (`live-call.ts`) joins and destroys the room; nothing outside
 * `daily-transport.ts` imports daily-js at run time (this file imports types only, which vanish
 * from the bundle).
 * Members nothing calls are left out, so a fake or a custom room implements no dead method.
 */
export type CallTransport = Pick<
  DailyCall,
  | 'join'
  | 'destroy'
  | 'on'
  | 'off'
  | 'sendAppMessage'
  | 'participants'
  | 'updateParticipant'
  | 'setLocalAudio'
  | 'localAudio'
  | 'startRemoteParticipantsAudioLevelObserver'
  | 'stopRemoteParticipantsAudioLevelObserver'
  | 'startRecording'
  | 'stopRecording'
  | 'updateInputSettings'
>;

/** Options the client passes when it creates the room object (daily-js's own shape). */
export type CallTransportOptions = DailyFactoryOptions;

/**
 * Creates a room object. Async so the real factory can `import()` daily-js lazily, and so a
 * factory failure surfaces as a `daily-call-object-creation-error`.
 */
export type CallTransportFactory = (options: CallTransportOptions) => Promise<CallTransport>;
