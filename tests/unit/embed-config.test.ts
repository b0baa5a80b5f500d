import { describe, expect, it } from 'vitest';
import { fieldErrors, withValue } from '../../site/lib/embed-check.ts';
import {
  colourFields,
  embedFields,
  labelFromName,
  unionOptions,
} from '../../site/lib/embed-fields.ts';
import {
  codeChoices,
  colourCss,
  cspLines,
  cspText,
  type EmbedChoices,
  gtmSnippet,
  htmlSnippet,
  previewAttributes,
  reactSnippet,
  selfHostedSnippet,
  type WidgetRelease,
} from '../../site/lib/embed-snippets.ts';
import { ATTRIBUTES } from '../../widget/element/attributes.ts';

const RELEASE: WidgetRelease = {
  name: 'voice-assistant-widget',
  version: '0.1.0',
  cdnBase: 'https://cdn.example/npm/voice-assistant-widget@0.1.0/dist/widget',
  integrity: { module: 'sha384-MODULE', umd: 'sha384-UMD' },
};

const choices = (
  attributes: EmbedChoices['attributes'],
  colours: EmbedChoices['colours'] = {},
): EmbedChoices => ({ attributes, colours });

describe('embed form fields', () => {
  it('has a field for every attribute but the advanced ones, in the element order', () => {
    const names = embedFields().map((field) => field.name);
    expect(names).toEqual(
      ATTRIBUTES.filter((n) => !['squad-id', 'workflow-id', 'assistant-overrides'].includes(n)),
    );
  });

  it('picks the control from the documented type', () => {
    const byName = new Map(embedFields().map((field) => [field.name, field]));
    expect(byName.get('demo')?.control).toBe('checkbox');
    expect(byName.get('mode')).toMatchObject({
      control: 'select',
      options: ['inline', 'fullscreen', 'floating'],
    });
    expect(byName.get('assistant-id')).toMatchObject({ control: 'text', label: 'Assistant ID' });
  });

  it('names an attribute it has no label for from the attribute itself', () => {
    expect(labelFromName('lead-endpoint')).toBe('Lead endpoint');
    expect(unionOptions("'left' | 'right'")).toEqual(['left', 'right']);
    expect(unionOptions('string')).toEqual([]);
  });

  it('offers the colour custom properties with a hex default', () => {
    const button = colourFields().find((c) => c.property === '--va-button-bg');
    expect(button).toEqual({
      property: '--va-button-bg',
      label: 'Talk button background',
      defaultValue: '#1d4ed8',
    });
    expect(colourFields().every((c) => /^#[0-9a-f]{6}$/.test(c.defaultValue))).toBe(true);
  });
});

describe('embed snippets', () => {
  const live = choices({
    mode: 'floating',
    'public-key': 'pk_123',
    'assistant-id': 'asst "1"',
    'label-idle': 'Ask us',
    demo: false,
  });

  it('pins the loader with its SRI hash and writes the attributes escaped, in element order', () => {
    expect(htmlSnippet(live, RELEASE)).toBe(
      [
        '<script type="module" src="https://cdn.example/npm/voice-assistant-widget@0.1.0/dist/widget/voice-assistant.js"',
        '        integrity="sha384-MODULE" crossorigin="anonymous"></script>',
        '<voice-assistant assistant-id="asst &quot;1&quot;" public-key="pk_123" mode="floating" label-idle="Ask us"></voice-assistant>',
      ].join('\n'),
    );
  });

  it('fills placeholders for a missing assistant id, and a missing key unless on the demo', () => {
    expect(codeChoices(choices({ demo: false })).attributes).toMatchObject({
      'assistant-id': 'YOUR_ASSISTANT_ID',
      'public-key': 'YOUR_PUBLIC_KEY',
    });
    expect(codeChoices(choices({ demo: true })).attributes['public-key']).toBeUndefined();
  });

  it('writes the React variant with camel-cased props', () => {
    const code = reactSnippet(live, RELEASE);
    expect(code).toContain("import { VoiceAssistant } from 'voice-assistant-widget/react';");
    expect(code).toContain('// npm install voice-assistant-widget@0.1.0');
    expect(code).toContain('assistantId={"asst \\"1\\""}');
    expect(code).toContain('publicKey="pk_123"');
    expect(code).not.toContain('demo');
  });

  it('writes an ES5 Google Tag Manager tag with the pinned UMD file', () => {
    const code = gtmSnippet(choices({ 'assistant-id': '</script>', demo: true }), RELEASE);
    expect(code).toContain('script.integrity = "sha384-UMD";');
    expect(code).toContain('voice-assistant.umd.js');
    expect(code).toContain('assistant.setAttribute("assistant-id", "\\u003c/script>");');
    expect(code).toContain('assistant.setAttribute("demo", "");');
    expect(code).not.toMatch(/\b(const|let)\b|=>|`/);
    expect(code.match(/<\/script>/g)).toHaveLength(1);
  });

  it('writes colour overrides as one rule, or nothing', () => {
    expect(colourCss(choices({}, { '--va-button-bg': '#0f766e' }))).toBe(
      'voice-assistant {\n  --va-button-bg: #0f766e;\n}',
    );
    expect(colourCss(choices({}))).toBe('');
  });

  it('previews on the demo assistant, never with the key', () => {
    expect(previewAttributes(live)).toEqual({
      'assistant-id': 'asst "1"',
      mode: 'floating',
      'label-idle': 'Ask us',
      demo: '',
    });
    expect(previewAttributes(choices({}))).toEqual({ 'assistant-id': 'demo', demo: '' });
  });
});

describe('CSP lines', () => {
  it('lists each directive the host needs, each with a reason', () => {
    const lines = cspLines(live(), RELEASE);
    expect(cspText(lines)).toBe(
      [
        "script-src 'self' https://cdn.example https://c.daily.co;",
        "connect-src 'self' https://cdn.example https://api.vapi.ai https://*.daily.co wss://*.daily.co;",
        "media-src 'self' https://cdn.example blob:;",
        "worker-src 'self' blob:;",
      ].join('\n'),
    );
    expect(lines.every((line) => line.why.length > 20)).toBe(true);
  });

  it('follows the API host, and adds other URL attributes to connect-src or img-src', () => {
    const lines = cspLines(
      choices({
        'api-base-url': 'https://eu.api.example/v1',
        'lead-endpoint': 'https://crm.example/leads',
        'avatar-url': 'https://img.example/a.png',
      }),
      RELEASE,
    );
    const text = cspText(lines);
    expect(text).toContain('https://eu.api.example');
    expect(text).not.toContain('api.vapi.ai');
    expect(text).toMatch(/connect-src [^\n]*https:\/\/crm\.example;/);
    expect(text).toContain("img-src 'self' https://img.example;");
  });
});

function live(): EmbedChoices {
  return choices({ 'assistant-id': 'a1', 'public-key': 'pk' });
}

describe('the configurator checks what it copies (issue 21)', () => {
  it('offers the closed sets (analytics, lang, captions, position) as selects, never free text', () => {
    const byName = new Map(embedFields().map((field) => [field.name, field]));
    expect(byName.get('analytics')).toMatchObject({
      control: 'select',
      options: ['datalayer'],
      emptyLabel: 'off',
    });
    expect(byName.get('lang')).toMatchObject({
      control: 'select',
      options: ['en', 'es', 'fr', 'de', 'pt', 'zh', 'ar'],
    });
    expect(byName.get('captions')).toMatchObject({ control: 'select', options: ['on', 'off'] });
    expect(byName.get('position')).toMatchObject({
      control: 'select',
      options: ['bottom-right', 'bottom-left'],
    });
  });

  it('flags a value the widget would ignore, with what to write, and accepts relative URLs', () => {
    expect(
      fieldErrors({ 'consent-url': 'privacy.html', 'lead-endpoint': '/forms/lead', demo: true }),
    ).toEqual({});
    expect(
      fieldErrors({
        'consent-url': 'javascript:alert(1)',
        'lead-endpoint': 'http://forms.example.com/lead',
        'api-base-url': 'api.example.com',
      }),
    ).toEqual({
      'consent-url': 'The widget would ignore this value. Write an http(s) URL or a path.',
      'lead-endpoint': 'The widget would ignore this value. Write an https URL or a path.',
      'api-base-url': 'The widget would ignore this value. Write an absolute http(s) URL.',
    });
  });

  it('puts first a self-hosted snippet with no hash to keep in step', () => {
    expect(selfHostedSnippet(choices({ 'assistant-id': 'a1', demo: true }))).toBe(
      '<script type="module" src="/voice-assistant/voice-assistant.js"></script>\n<voice-assistant assistant-id="a1" demo></voice-assistant>',
    );
  });

  it('stops adding demo once an assistant id and a public key are entered', () => {
    let values = withValue({ demo: true, mode: 'floating' }, 'assistant-id', 'asst_42');
    expect(values.demo).toBe(true);
    values = withValue(values, 'public-key', 'pk_live_9');
    expect(values.demo).toBe(false);
    expect(htmlSnippet(codeChoices(choices(values)), RELEASE)).not.toMatch(/\sdemo[\s>=]/);
    // Ticked again on purpose, it stays.
    values = withValue(values, 'demo', true);
    values = withValue(values, 'label-idle', 'Ask us');
    expect(values.demo).toBe(true);
  });
});
