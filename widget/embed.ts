import { defineVoiceAssistant } from './ui/element.ts';

defineVoiceAssistant();
