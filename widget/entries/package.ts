import { defineVoiceAssistant } from './define-element.ts';

/**
 * The npm package's `.` entry: the whole public surface, and `<voice-assistant>` registered when
 * there is a custom element registry. On a server or in plain Node there is none, so importing
 * it there registers nothing and touches no DOM global (docs/behaviour.md#widget).
 *
 * @packageDocumentation
 */
if (typeof customElements !== 'undefined') {
  defineVoiceAssistant();
}

export * from './package-surface.ts';
