import {
  createElement,
  type ForwardedRef,
  forwardRef,
  type ReactElement,
  useEffect,
  useImperativeHandle,
  useRef,
} from 'react';
import type { VoiceAssistantElement } from '../loader/voice-assistant-element.ts';
import {
  attributesOf,
  eventNameOf,
  type VoiceAssistantHandle,
  type VoiceAssistantProps,
} from './props.ts';

const TAG = 'voice-assistant';

/** Registers the element under a tag: `defineVoiceAssistant`, handed in by the package's `./react` entry. */
export type RegisterElement = (tag: string) => void;

/** The event props that hold a handler, as `[prop, DOM event name]` pairs. */
function eventProps(props: VoiceAssistantProps): Array<[string, string]> {
  return Object.entries(props).flatMap(([prop, value]) => {
    const name = typeof value === 'function' ? eventNameOf(prop) : null;
    return name === null ? [] : [[prop, name] as [string, string]];
  });
}

/**
 * `<voice-assistant>` as a React component (React 18 and 19), registering the element with
 * `register`: the entry's `defineVoiceAssistant`, handed in so that `react/` never imports
 * `entries/` (docs/architecture.md). Attributes are camel-cased props, DOM events are `on…` props, and a `ref` gives `start`, `stop`, `setMuted`, `isMuted` and `say`.
 * On the server it renders the bare element with its attributes; in the browser it registers the
 * element after mounting. It ships no framework: it renders the element, whose own UI loads on
 * the visitor's first sign of intent.
 */
export function voiceAssistantComponent(register: RegisterElement) {
  function registerInBrowser(): void {
    if (typeof customElements !== 'undefined') {
      register(TAG);
    }
  }

  function VoiceAssistantRender(
    props: VoiceAssistantProps,
    ref: ForwardedRef<VoiceAssistantHandle>,
  ): ReactElement {
    const elementRef = useRef<VoiceAssistantElement | null>(null);
    // Handlers are read when an event fires, so a new function each render never re-subscribes.
    const latest = useRef(props);
    latest.current = props;

    // Registration happens after the first commit, never during render: server rendering and the
    // first client render see the same bare element, and `window` is never read while rendering.
    useEffect(registerInBrowser, []);

    const subscribed = eventProps(props)
      .map(([prop, name]) => `${prop}=${name}`)
      .join(' ');
    useEffect(() => {
      const element = elementRef.current;
      if (!element || subscribed === '') {
        return;
      }
      const pairs = subscribed.split(' ').map((pair) => pair.split('=') as [string, string]);
      const listeners = pairs.map(([prop, name]) => {
        const listener = (event: Event): void => {
          const handler = (latest.current as Record<string, unknown>)[prop];
          if (typeof handler === 'function') {
            (handler as (event: Event) => void)(event);
          }
        };
        element.addEventListener(name, listener);
        return [name, listener] as const;
      });
      return () => {
        for (const [name, listener] of listeners) {
          element.removeEventListener(name, listener);
        }
      };
    }, [subscribed]);

    const { callOptions } = props;
    useEffect(() => {
      if (elementRef.current) {
        elementRef.current.callOptions = callOptions;
      }
    }, [callOptions]);

    useImperativeHandle(ref, () => {
      const element = (): VoiceAssistantElement => {
        if (!elementRef.current) {
          throw new Error('<VoiceAssistant> is not mounted.');
        }
        return elementRef.current;
      };
      return {
        start: () => element().start(),
        stop: () => element().stop(),
        setMuted: (muted) => element().setMuted(muted),
        isMuted: () => element().isMuted(),
        say: (text, endCallAfterSpoken) => element().say(text, endCallAfterSpoken),
      };
    }, []);

    return createElement(TAG, {
      ref: elementRef,
      id: props.id,
      className: props.className,
      style: props.style,
      ...attributesOf(props),
    });
  }

  const component = forwardRef<VoiceAssistantHandle, VoiceAssistantProps>(VoiceAssistantRender);
  component.displayName = 'VoiceAssistant';
  return component;
}
