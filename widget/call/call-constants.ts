/**
 * Call-client constants. Each value comes from `shared/SPEC.md` §9 (or the issue that
 * extends it) and lives only here; the comment names the spec row it implements.
 */

/** §9 "Mobile permission wait before join": 1000 ms on android, iphone, ipad, ipod and similar. */
export const MOBILE_PERMISSION_WAIT_MS = 1000;

/** §9 "Audio level observer interval": 100 ms. */
export const AUDIO_LEVEL_INTERVAL_MS = 100;

/** §9 "Speaking threshold": the remote level sum must exceed 0.01 to count as speech. */
export const SPEAKING_THRESHOLD = 0.01;

/** §9 "End-of-speech delay": `speech-end` fires 1000 ms after the level last exceeded the threshold. */
export const SPEECH_END_DELAY_MS = 1000;

/** §9 "Volume scale": volume is the level sum ÷ 0.15, capped at 1. */
export const VOLUME_SCALE = 0.15;

/** §9 "Video recording": 1280x720 with the default layout preset, when the artifact plan enables it. */
export const VIDEO_RECORDING = { width: 1280, height: 720, layout: { preset: 'default' } } as const;

/** §9 "Noise cancellation": on by default. */
export const NOISE_CANCELLATION_DEFAULT = true;

/** Issue 4 "Join timeout": our own bound on `join()`, default 15 s (daily-js alone may hang ~186 s). */
export const DEFAULT_JOIN_TIMEOUT_MS = 15_000;

/** Issue 4 "avoidEval": default true so no `unsafe-eval` is needed under a strict CSP. */
export const AVOID_EVAL_DEFAULT = true;

/** The room's app-message limit: daily-js rejects data whose JSON text exceeds 4096 characters. */
export const APP_MESSAGE_MAX_CHARS = 4096;

/** §9 "Only the remote participant named as the speaker gets its tracks played": its user name. */
export const SPEAKER_USER_NAME = 'Vapi Speaker';

/** §9 "Video is subscribed ... when an avatar voice provider is used": providers that send video. */
export const AVATAR_VOICE_PROVIDERS: readonly string[] = ['tavus'];

/** §4 "The server-side listening app message signals call-start": the raw app-message text. */
export const LISTENING_SIGNAL = 'listening';

/** Sent once the speaker's audio is playing, so the assistant knows it can be heard. */
export const PLAYABLE_SIGNAL = 'playable';

/** §4 "If no ended status was seen": the reason reported when the visitor left first. */
export const CUSTOMER_ENDED_REASON = 'customer-ended-call';
