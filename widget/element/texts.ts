/** Fixed visitor-facing sentences shared by the loader and the React UI. */
export const TEXTS = {
  demoBadge: 'Demo assistant (offline)',
  loadFailed:
    'The assistant could not be loaded. Check your internet connection, then press the button again.',
  panelTitle: 'Voice assistant',
  close: 'Close',
  callEnded: 'Call ended.',
  connected: 'Connected. Start talking.',
} as const;
