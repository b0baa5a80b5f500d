import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VoiceAssistant } from '../../widget/entries/react.ts';

// Server rendering in plain Node: no DOM globals exist here, so any read of them while
// rendering would throw.

describe('<VoiceAssistant> on the server', () => {
  it('runs where there is no DOM', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });

  it('renders the bare element with its attributes and nothing else', () => {
    const html = renderToString(
      createElement(VoiceAssistant, {
        assistantId: 'a1',
        publicKey: 'pk_1',
        mode: 'floating',
        demo: false,
        labelIdle: 'Ask "us"',
        onCallStart: () => undefined,
      }),
    );
    expect(html).toBe(
      '<voice-assistant assistant-id="a1" public-key="pk_1" mode="floating" label-idle="Ask &quot;us&quot;"></voice-assistant>',
    );
  });

  it('renders a boolean attribute as present and empty', () => {
    expect(renderToString(createElement(VoiceAssistant, { demo: true }))).toBe(
      '<voice-assistant demo=""></voice-assistant>',
    );
  });
});
