/**
 * The English sentences the loader itself shows (the rest of English is in `i18n/en.ts`, which
 * loads with the UI): what to do when the UI chunk cannot be fetched.
 */
export const TEXTS = {
  loadFailed:
    'The assistant could not be loaded. Check your internet connection, then press the button again.',
} as const;
