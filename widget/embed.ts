import { defineVoiceAssistant, VoiceAssistantElement } from './ui/element.ts';

// The bundle entry (dist/widget/voice-assistant.js): registering <voice-assistant> is all it does.
defineVoiceAssistant();

export { defineVoiceAssistant, VoiceAssistantElement };
