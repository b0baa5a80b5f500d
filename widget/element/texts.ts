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
