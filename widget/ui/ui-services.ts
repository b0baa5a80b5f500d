import { createContext, useContext } from 'react';
import type { UiBridge } from '../element/bridge.ts';
import type { Language } from '../element/i18n/languages.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import type { CallController } from '../session/call-controller.ts';
import type { ChatController } from '../session/chat/chat-controller.ts';
import type { ConsentGate } from '../session/consent-gate.ts';
import type { PersonLadder } from '../session/person-ladder.ts';

/**
 * The one way the view reaches its element's application (session/widget-app.ts): the language
 * on screen and its texts, the voice calls, the typed conversation, the disclosure gate and the
 * loader bridge. Provided by the view's root.
 */
export interface UiServices {
  language: Language;
  texts: WidgetTexts;
  calls: CallController;
  chat: ChatController;
  consent: ConsentGate;
  bridge: UiBridge;
  /** "Talk to a person". */
  person: PersonLadder;
}

/** Provided by the view's root with the services of its element. */
export const UiServicesContext = createContext<UiServices | null>(null);

/** The services of the enclosing `<voice-assistant>`; throws outside one. */
export function useUiServices(): UiServices {
  const services = useContext(UiServicesContext);
  if (!services) {
    throw new Error('The voice assistant UI rendered without its services.');
  }
  return services;
}
