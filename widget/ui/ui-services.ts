import { createContext, useContext } from 'react';
import type { Language } from '../element/i18n/languages.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { ChatController } from './chat/chat-controller.ts';
import type { ConsentGate } from './consent/consent-gate.ts';

/**
 * What the view's newer parts (texts, chat, consent) read from React context, so the shared
 * components need no new props: the language on screen and its texts, the typed conversation
 * and the disclosure gate of this element.
 */
export interface UiServices {
  language: Language;
  texts: WidgetTexts;
  chat: ChatController;
  consent: ConsentGate;
}

/** Provided by the view's root with the services of its element. */
export const UiServicesContext = createContext<UiServices | null>(null);

/** The services of the enclosing `<voice-assistant>`, or null outside one. */
export function useOptionalUiServices(): UiServices | null {
  return useContext(UiServicesContext);
}

/** The services of the enclosing `<voice-assistant>`; throws outside one. */
export function useUiServices(): UiServices {
  const services = useContext(UiServicesContext);
  if (!services) {
    throw new Error('The voice assistant UI rendered without its services.');
  }
  return services;
}
