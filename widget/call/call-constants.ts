/**
 * Call-client constants, each in one place. A value that docs/behaviour.md#constants lists is
 * named after its row there; the others say why they have their value.
 */

/**
 * docs/behaviour.md#constants "Permission wait before join on phones and tablets" (android,
 * iphone, ipad, ipod and similar).
 */
export const MOBILE_PERMISSION_WAIT_MS = 1000;

/** docs/behaviour.md#constants "Audio level sampling interval". */
export const AUDIO_LEVEL_INTERVAL_MS = 100;

/** docs/behaviour.md#speech: the remote level sum must exceed it to count as speech. */
export const SPEAKING_THRESHOLD = 0.01;

/** docs/behaviour.md#speech: `speech-end` fires this long after the level last rose above it. */
export const SPEECH_END_DELAY_MS = 1000;

/** docs/behaviour.md#speech: the volume is the level sum divided by this, capped at 1. */
export const VOLUME_SCALE = 0.15;

/** docs/behaviour.md#constants "Video recording": used only when the artifact plan enables it. */
export const VIDEO_RECORDING = { width: 1280, height: 720, layout: { preset: 'default' } } as const;

/** docs/behaviour.md#constants "Noise cancellation": on by default. */
export const NOISE_CANCELLATION_DEFAULT = true;

/** Our own bound on `join()`: daily-js alone may hang for about 186 s before it gives up. */
export const DEFAULT_JOIN_TIMEOUT_MS = 15_000;

/** daily-js's `avoidEval`, on by default so a host's strict CSP needs no `unsafe-eval`. */
export const AVOID_EVAL_DEFAULT = true;

/** The room's app-message limit: daily-js rejects data whose JSON text exceeds 4096 characters. */
export const APP_MESSAGE_MAX_CHARS = 4096;

/** docs/behaviour.md#messages: only the remote participant of this user name is played. */
export const SPEAKER_USER_NAME = 'Vapi Speaker';

/** docs/behaviour.md#messages: voice providers that are avatars, whose video is subscribed. */
export const AVATAR_VOICE_PROVIDERS: readonly string[] = ['tavus'];

/** docs/behaviour.md#messages: the room's `listening` message, as raw text, means `call-start`. */
export const LISTENING_SIGNAL = 'listening';

/** Sent once the speaker's audio is playing, so the assistant knows it can be heard. */
export const PLAYABLE_SIGNAL = 'playable';

/** docs/behaviour.md#call-states: the `endedReason` reported when no `ended` status was seen. */
export const CUSTOMER_ENDED_REASON = 'customer-ended-call';
