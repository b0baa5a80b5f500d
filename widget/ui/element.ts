// Placeholder element so the harness can test a built page; the widget issue replaces it.
class VoiceAssistantElement extends HTMLElement {
  connectedCallback(): void {
    if (this.shadowRoot) {
      return;
    }
    const root = this.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Talk to Assistant';
    root.append(button);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-assistant': VoiceAssistantElement;
  }
  namespace React.JSX {
    interface IntrinsicElements {
      'voice-assistant': { 'assistant-id'?: string; mode?: string };
    }
  }
}

export function defineVoiceAssistant(tag = 'voice-assistant'): void {
  if (!customElements.get(tag)) {
    customElements.define(tag, VoiceAssistantElement);
  }
}
