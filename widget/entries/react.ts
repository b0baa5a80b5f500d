/**
 * The React component of the package (`<package>/react`): `<VoiceAssistant>` wraps the
 * `<voice-assistant>` element and uses the host app's own React (a peer dependency).
 *
 * @packageDocumentation
 */

/** The element's events and state, for typing handlers. */
export type {
  WidgetErrorDetail,
  WidgetEvent,
  WidgetEventDetails,
  WidgetEventName,
  WidgetServerMessage,
  WidgetState,
} from '../element/after-intent/dom-events.ts';

/** Its props (derived from the attribute list and the event map) and its ref's API. */
export type {
  EventPropName,
  VoiceAssistantAttributeProps,
  VoiceAssistantEventProps,
  VoiceAssistantHandle,
  VoiceAssistantProps,
} from '../react/props.ts';

import { voiceAssistantComponent } from '../react/voice-assistant.ts';
import { defineVoiceAssistant } from './define-element.ts';

/** The component: attributes as camel-cased props, events as `on…` props, a ref to control it. */
export const VoiceAssistant = voiceAssistantComponent(defineVoiceAssistant);
