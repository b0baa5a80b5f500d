import { defineVoiceAssistant } from './define-element.ts';

// The bundle entry (dist/widget/voice-assistant.js, and voice-assistant.umd.js: `<package>/umd`):
// registering <voice-assistant> is all it does. Its exports are the element's public surface,
// so the UMD global and the d.ts agree.
defineVoiceAssistant();

export * from './element.ts';
