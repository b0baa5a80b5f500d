import { defineVoiceAssistant } from './define.ts';

// The bundle entry (dist/widget/voice-assistant.js): registering <voice-assistant> is all it does.
// Its exports are the element's public surface, so the UMD global and the d.ts agree.
defineVoiceAssistant();

export * from './element-surface.ts';
