/**
 * The `sessionStorage` key under which a live call or typed chat waits for the next page of the
 * same tab (docs/behaviour.md#resume). The loader only asks whether it is there (then it loads
 * the UI at once, without waiting for intent); the resume chunk (`widget/session/resume/`)
 * writes and reads what it holds.
 */
export const LIVE_CONVERSATION_KEY = 'voice-assistant:live';
