import { afterEach, describe, expect, it } from 'vitest';
import { describeProblems } from '../../widget/element/after-intent/problems.ts';
import { parseAttributes, readAttributes } from '../../widget/element/attributes.ts';
import { ar } from '../../widget/element/i18n/ar.ts';
import { de } from '../../widget/element/i18n/de.ts';
import { en } from '../../widget/element/i18n/en.ts';
import { es } from '../../widget/element/i18n/es.ts';
import { fr } from '../../widget/element/i18n/fr.ts';
import { pt } from '../../widget/element/i18n/pt.ts';
import { zh } from '../../widget/element/i18n/zh.ts';
import { defineVoiceAssistant } from '../../widget/entries/define-element.ts';

// docs/behaviour.md#validation: a public key pasted from an example is refused before any call,
// with a sentence that says it is a placeholder, where a real key comes from, and that dropping
// it gives the offline demo.

defineVoiceAssistant();

function config(publicKey: string) {
  const element = document.createElement('voice-assistant');
  element.setAttribute('assistant-id', 'asst_1');
  element.setAttribute('public-key', publicKey);
  return parseAttributes(readAttributes(element));
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('a placeholder public-key', () => {
  it.each([
    'YOUR_PUBLIC_KEY',
    'your-public-key',
    '<public key>',
    '{{PUBLIC_KEY}}',
    'xxxxxxxx',
    'pk_…',
  ])('%s is a problem, not a call', (key) => {
    expect(config(key).problems).toEqual([{ code: 'placeholder-key', value: key }]);
    expect(config(key).demo).toBe(false);
  });

  it('leaves a real key alone', () => {
    expect(config('3f8b1c2e-9d4a-4b7e-8f21-6a0c5d9e7b13').problems).toEqual([]);
  });

  it('says so, and what to do, in every language', () => {
    const problems = config('YOUR_PUBLIC_KEY').problems;
    expect(describeProblems(problems, en)).toBe(
      'public-key="YOUR_PUBLIC_KEY" is a placeholder: paste your key from the dashboard’s API Keys, or remove it for the offline demo.',
    );
    const sentences = [es, fr, de, pt, zh, ar].map((texts) => describeProblems(problems, texts));
    for (const sentence of sentences) {
      expect(sentence).toContain('public-key="YOUR_PUBLIC_KEY"');
      expect(sentence).toContain('API Keys');
    }
    expect(new Set(sentences).size).toBe(6);
  });

  it('shows the sentence in place of the button', async () => {
    const element = document.createElement('voice-assistant');
    element.setAttribute('assistant-id', 'asst_1');
    element.setAttribute('public-key', 'YOUR_PUBLIC_KEY');
    document.body.append(element);
    const root = element.shadowRoot;
    expect(root?.querySelector('button')).toBeNull();
    await expect
      .poll(() => root?.querySelector('[role="alert"]')?.textContent, { timeout: 10_000 })
      .toMatch(/^public-key="YOUR_PUBLIC_KEY" is a placeholder:/);
  });
});
