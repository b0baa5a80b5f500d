/**
 * Timings and thresholds of the offline demo assistant. They are not the call client's
 * constants (docs/behaviour.md#constants, `widget/call/call-constants.ts`); they make the
 * simulated room feel like a real one and are gathered here so tests and docs can name them.
 */

/** Creating the web call: a real POST /call/web answers in about this long. */
export const WEB_CALL_DELAY_MS = 250;

/** Joining the room: a real join (signalling, ICE, the first media) takes about this long. */
export const JOIN_DELAY_MS = 700;

/** After the join, the assistant participant arrives in the room. */
export const ASSISTANT_ARRIVAL_MS = 150;

/**
 * The assistant waits for the client's `playable` signal (its audio is heard) before it starts.
 * When the client never sends it, the assistant starts anyway after this long.
 */
export const PLAYABLE_FALLBACK_MS = 1500;

/** Between `listening` and the first message, as a real pipeline warms up. */
export const FIRST_MESSAGE_DELAY_MS = 300;

/** Pause between two clips of one turn. */
export const BETWEEN_CLIPS_MS = 350;

/** Thinking time between the visitor's last word and the assistant's answer. */
export const REPLY_DELAY_MS = 600;

/**
 * How long the assistant waits for the widget's tool results before it goes on without them
 * (a page that does not handle the demo's tool calls must not stall the call).
 */
export const TOOL_RESULT_TIMEOUT_MS = 3000;

/**
 * After the goodbye, the room closes this long after the ended status: longer than the call
 * client's 1000 ms end-of-speech delay (docs/behaviour.md#speech), so `speech-end` still fires
 * before `call-end`.
 */
export const HANG_UP_DELAY_MS = 1200;

/** How often the visitor's microphone level is sampled for turn taking. */
export const MIC_POLL_MS = 50;

/** Assistant transcripts: one partial for each this-many milliseconds of speech. */
export const PARTIAL_EVERY_MS = 1200;

/** Visitor turn taking: the microphone RMS level that counts as the visitor's voice. */
export const VOICE_LEVEL = 0.02;

/** Visitor turn taking: at least this much voice before an utterance counts as a turn. */
export const MIN_VOICE_MS = 250;

/** Visitor turn taking: this much quiet ends the visitor's turn. */
export const END_OF_TURN_SILENCE_MS = 800;

/** Visitor turn taking: an utterance is cut into a turn after this long, as an endpointer does. */
export const MAX_TURN_MS = 8000;

/** Level analysers: samples per RMS window (about 21 ms at 48 kHz). */
export const ANALYSER_FFT_SIZE = 1024;

/** A caption shown without a voice stays this long per character (a calm reading pace). */
export const READING_MS_PER_CHAR = 55;
