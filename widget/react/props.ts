import type { CSSProperties } from 'react';
import type { WidgetEvent, WidgetEventName } from '../element/after-intent/dom-events.ts';
import {
  ATTRIBUTES,
  type AttributeName,
  type CamelCase,
  camelCase,
  type Mode,
} from '../element/attributes.ts';
import type { CallOptionsOverride } from '../element/bridge.ts';

/** Attributes that are on or off (present or absent) rather than carrying text. */
type BooleanAttribute = Extract<AttributeName, 'demo'>;

/**
 * One prop per attribute of `<voice-assistant>`, camel-cased (`assistant-id` → `assistantId`),
 * derived from the one attribute list, so an attribute added there is a prop here.
 */
export type VoiceAssistantAttributeProps = {
  [K in AttributeName as CamelCase<K>]?: K extends 'mode'
    ? Mode
    : K extends BooleanAttribute
      ? boolean
      : string;
};

type EventSuffix<K extends string> = K extends `voice-assistant:${infer Suffix}` ? Suffix : never;

/** `'voice-assistant:call-start'` → `'onCallStart'`. */
export type EventPropName<K extends WidgetEventName> = `on${Capitalize<CamelCase<EventSuffix<K>>>}`;

/**
 * One handler prop per DOM event of the element (`onCallStart`, `onStateChange`, …), derived
 * from the typed event map, so an event added there is a prop here. Each handler receives the
 * `CustomEvent`, its `detail` typed.
 */
export type VoiceAssistantEventProps = {
  [K in WidgetEventName as EventPropName<K>]?: (event: WidgetEvent<K>) => void;
};

/** Props of the React `<VoiceAssistant>` component. */
export interface VoiceAssistantProps
  extends VoiceAssistantAttributeProps,
    VoiceAssistantEventProps {
  /** The element's `id` attribute. */
  id?: string;
  /** The element's `class` attribute. */
  className?: string;
  /** Inline style of the element (a strict host CSP may forbid it: prefer `className`). */
  style?: CSSProperties;
  /** Call options for advanced hosts and tests (a custom transport), read at each start. */
  callOptions?: CallOptionsOverride;
}

/** What the component's `ref` gives: the element's imperative API. */
export interface VoiceAssistantHandle {
  /** Starts a call; resolves when it is up or has failed. */
  start(): Promise<void>;
  /** Ends the call, or cancels one that is connecting. */
  stop(): Promise<void>;
  /** Mutes or unmutes the microphone; throws `VoiceAssistantError` without a call. */
  setMuted(muted: boolean): void;
  /** Whether the microphone is muted; throws `VoiceAssistantError` without a call. */
  isMuted(): boolean;
  /** Makes the assistant say `text`; throws `VoiceAssistantError` without a call. */
  say(text: string, endCallAfterSpoken?: boolean): void;
}

/**
 * The element's attributes for the given props: text as is, `true` as a present empty
 * attribute, `false` and missing values left out. Props that are not attributes are ignored.
 */
export function attributesOf(props: VoiceAssistantAttributeProps): Record<string, string> {
  const values = props as Readonly<Record<string, unknown>>;
  const attributes: Record<string, string> = {};
  for (const name of ATTRIBUTES) {
    const value = values[camelCase(name)];
    if (typeof value === 'string') {
      attributes[name] = value;
    } else if (value === true) {
      attributes[name] = '';
    }
  }
  return attributes;
}

/**
 * The DOM event an event prop listens to (`onViewingRequest` →
 * `voice-assistant:viewing-request`), or `null` when the prop is not an event prop.
 */
export function eventNameOf(prop: string): string | null {
  const match = /^on([A-Z][A-Za-z]*)$/.exec(prop);
  if (!match?.[1]) {
    return null;
  }
  const kebab = match[1].replace(/[A-Z]/g, (letter, index: number) =>
    index === 0 ? letter.toLowerCase() : `-${letter.toLowerCase()}`,
  );
  return `voice-assistant:${kebab}`;
}
