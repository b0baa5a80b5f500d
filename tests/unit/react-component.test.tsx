import { act, createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchWidgetEvent } from '../../widget/element/after-intent/dom-events.ts';
import { VoiceAssistantError } from '../../widget/element/voice-assistant-error.ts';
import {
  VoiceAssistant,
  type VoiceAssistantHandle,
  type VoiceAssistantProps,
} from '../../widget/entries/react.ts';
import { VoiceAssistantElement } from '../../widget/loader/voice-assistant-element.ts';
import { attributesOf, eventNameOf } from '../../widget/react/props.ts';

// The React component in a browser-like DOM (happy-dom) with React 19: the element it renders,
// its registration after mounting, event props and the ref's API.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function render(element: React.ReactElement): Promise<VoiceAssistantElement> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(element));
  const el = container.querySelector('voice-assistant');
  if (!el) {
    throw new Error('no <voice-assistant> rendered');
  }
  return el as VoiceAssistantElement;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

describe('attributesOf / eventNameOf', () => {
  it('maps camel-cased props to attributes: text as is, true as present, false left out', () => {
    expect(
      attributesOf({ assistantId: 'a1', publicKey: 'pk', mode: 'floating', demo: true }),
    ).toEqual({ 'assistant-id': 'a1', 'public-key': 'pk', mode: 'floating', demo: '' });
    expect(attributesOf({ assistantId: 'a1', demo: false })).toEqual({ 'assistant-id': 'a1' });
  });

  it('names the DOM event of each event prop', () => {
    expect(eventNameOf('onCallStart')).toBe('voice-assistant:call-start');
    expect(eventNameOf('onViewingRequest')).toBe('voice-assistant:viewing-request');
    expect(eventNameOf('onError')).toBe('voice-assistant:error');
    expect(eventNameOf('assistantId')).toBeNull();
    expect(eventNameOf('on')).toBeNull();
  });
});

describe('<VoiceAssistant>', () => {
  it('renders the element with its attributes and registers it after mounting', async () => {
    const el = await render(
      <VoiceAssistant assistantId="a1" demo labelIdle="Ask us" className="corner" />,
    );
    expect(el.getAttribute('assistant-id')).toBe('a1');
    expect(el.getAttribute('demo')).toBe('');
    expect(el.getAttribute('class')).toBe('corner');
    expect(el).toBeInstanceOf(VoiceAssistantElement);
    expect(el.shadowRoot?.querySelector('button')?.textContent).toBe('Ask us');
  });

  it('updates attributes when props change', async () => {
    const el = await render(<VoiceAssistant assistantId="a1" demo />);
    await act(async () => root?.render(<VoiceAssistant assistantId="a2" />));
    expect(el.getAttribute('assistant-id')).toBe('a2');
    expect(el.hasAttribute('demo')).toBe(false);
  });

  it('calls event props with the typed CustomEvent, always the latest handler', async () => {
    const first = vi.fn();
    const second = vi.fn<NonNullable<VoiceAssistantProps['onStateChange']>>();
    const onError = vi.fn<NonNullable<VoiceAssistantProps['onError']>>();
    const el = await render(<VoiceAssistant assistantId="a1" onStateChange={first} />);
    await act(async () =>
      root?.render(<VoiceAssistant assistantId="a1" onStateChange={second} onError={onError} />),
    );
    dispatchWidgetEvent(el, 'voice-assistant:state-change', { state: 'connecting' });
    dispatchWidgetEvent(el, 'voice-assistant:error', {
      code: 'microphone-denied',
      message: 'Allow the microphone.',
      stage: undefined,
      recoverable: false,
    });
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls.map(([event]) => event.detail.state)).toEqual(['connecting']);
    expect(onError.mock.calls[0]?.[0].detail.code).toBe('microphone-denied');
  });

  it('stops listening when a handler is removed or the component unmounts', async () => {
    const onCallEnd = vi.fn();
    const el = await render(<VoiceAssistant assistantId="a1" onCallEnd={onCallEnd} />);
    await act(async () => root?.render(<VoiceAssistant assistantId="a1" />));
    dispatchWidgetEvent(el, 'voice-assistant:call-end', null);
    expect(onCallEnd).not.toHaveBeenCalled();
  });

  it('gives start, stop, setMuted, isMuted and say through its ref', async () => {
    const ref = createRef<VoiceAssistantHandle>();
    const el = await render(<VoiceAssistant ref={ref} assistantId="a1" demo />);
    const stop = vi.spyOn(el, 'stop');
    await ref.current?.stop();
    expect(stop).toHaveBeenCalledOnce();
    // Without a call, the element's own error reaches the caller.
    expect(() => ref.current?.setMuted(true)).toThrow(VoiceAssistantError);
    expect(() => ref.current?.say('Hello')).toThrow(VoiceAssistantError);
    expect(() => ref.current?.isMuted()).toThrow(VoiceAssistantError);
    expect(typeof ref.current?.start).toBe('function');
  });

  it('hands callOptions to the element', async () => {
    const callOptions = { debug: true } as VoiceAssistantProps['callOptions'];
    const el = await render(<VoiceAssistant assistantId="a1" callOptions={callOptions} />);
    expect(el.callOptions).toBe(callOptions);
  });
});
