/** Fixed visitor-facing sentences shared by the loader and the React UI. */
export const TEXTS = {
  demoBadge: 'Demo assistant (offline)',
  loadFailed:
    'The assistant could not be loaded. Check your internet connection, then press the button again.',
  close: 'Close',
  callEnded: 'Call ended.',
  connected: 'Connected. Start talking.',
  /** Followed by the assistant's name: the panel title and the default idle label. */
  talkTo: 'Talk to ',
  /** The assistant's name when `assistant-name` is not set. */
  defaultName: 'Assistant',
} as const;

/**
 * Sentences only the conversation view shows (the lazy UI chunk), kept apart from `TEXTS` so
 * the loader does not carry them. `{name}` is the assistant's name, `{time}` a call length.
 */
export const VIEW_TEXTS = {
  /** The accessible name of the transcript log. */
  transcript: 'Transcript',
  /** Who said a transcript line, read before it. */
  you: 'You',
  /** The mute toggle's accessible name (its state is `aria-pressed`). */
  mute: 'Mute microphone',
  /** The secondary controls' group name. */
  callControls: 'Call controls',
  speaking: '{name} is speaking…',
  listening: 'Listening…',
  visitorSpeaking: 'You are speaking…',
  muted: 'Microphone muted. {name} can’t hear you.',
  /** Shown under the transcript once the call is over, until the next call starts. */
  callEndedAfter: 'Call ended · {time}',
} as const;

/** Fills `{key}` placeholders of a `VIEW_TEXTS` sentence. */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
