/**
 * The English sentences the loader itself shows (the rest of English is in `i18n/en.ts`, which
 * loads with the UI): the demo badge, and what to do when the UI chunk cannot be fetched.
 */
export const TEXTS = {
  demoBadge: 'Demo assistant (offline)',
  loadFailed:
    'The assistant could not be loaded. Check your internet connection, then press the button again.',
  /** The assistant's name when `assistant-name` is not set. */
  defaultName: 'Assistant',
} as const;
