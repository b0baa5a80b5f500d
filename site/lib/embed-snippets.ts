import { ATTRIBUTES, camelCase } from '../../widget/element/attributes.ts';
import { escapeHtml } from '../head.ts';

/**
 * The embed configurator's outputs, as plain functions of the brokerage's choices and the
 * widget release this site was built with: the pinned HTML snippet, the Content-Security-Policy
 * lines its host page needs, the React variant and a Google Tag Manager variant.
 */

/** The widget release the site was built with (vite.config.ts reads dist/widget). */
export interface WidgetRelease {
  /** The npm package name. */
  name: string;
  version: string;
  /** The versioned CDN folder holding voice-assistant.js, its chunks and the UMD file. */
  cdnBase: string;
  /** `sha384-…` of voice-assistant.js and voice-assistant.umd.js; null before a widget build. */
  integrity: { module: string; umd: string } | null;
}

/** What the brokerage chose: attribute values (text, or on/off) and colour overrides. */
export interface EmbedChoices {
  attributes: Readonly<Record<string, string | boolean>>;
  /** Custom property → colour, only those that differ from the default. */
  colours: Readonly<Record<string, string>>;
}

const DEFAULT_API = 'https://api.vapi.ai';
const DAILY_ENGINE = 'https://c.daily.co';
const DAILY_SIGNALLING = ['https://*.daily.co', 'wss://*.daily.co'];
const MISSING_HASH = 'sha384-BUILD-THE-WIDGET-FIRST';

const ORDER: readonly string[] = ATTRIBUTES;
const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

/** The attributes to write, in the element's order: empty text and `false` are left out. */
export function chosenAttributes(choices: EmbedChoices): Array<[string, string | true]> {
  const entries = Object.entries(choices.attributes).sort(([a], [b]) => rank(a) - rank(b));
  return entries.flatMap(([name, value]): Array<[string, string | true]> => {
    if (value === true) {
      return [[name, true]];
    }
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? [] : [[name, text]];
  });
}

function elementTag(choices: EmbedChoices): string {
  const attributes = chosenAttributes(choices).map(([name, value]) =>
    value === true ? name : `${name}="${escapeHtml(value)}"`,
  );
  return `<voice-assistant${attributes.map((a) => ` ${a}`).join('')}></voice-assistant>`;
}

/** The colour overrides as a stylesheet rule, or `''` when every colour is the default. */
export function colourCss(choices: EmbedChoices): string {
  const entries = Object.entries(choices.colours);
  if (entries.length === 0) {
    return '';
  }
  const lines = entries.map(([property, value]) => `  ${property}: ${value};`);
  return ['voice-assistant {', ...lines, '}'].join('\n');
}

/** Where the self-hosted snippet expects the copied `dist/widget/` folder on the brokerage's site. */
export const SELF_HOSTED_BASE = '/voice-assistant';

/**
 * The loader served by the brokerage's own site, and the element: works as soon as the
 * release's `dist/widget/` folder is copied there as {@link SELF_HOSTED_BASE} (the loader finds
 * its chunks and clips next to itself). Same origin, so no SRI hash to keep in step.
 */
export function selfHostedSnippet(choices: EmbedChoices): string {
  return [
    `<script type="module" src="${SELF_HOSTED_BASE}/voice-assistant.js"></script>`,
    elementTag(choices),
  ].join('\n');
}

/** The CDN loader script, pinned with its SRI hash, and the element. */
export function htmlSnippet(choices: EmbedChoices, release: WidgetRelease): string {
  const integrity = release.integrity?.module ?? MISSING_HASH;
  return [
    `<script type="module" src="${release.cdnBase}/voice-assistant.js"`,
    `        integrity="${integrity}" crossorigin="anonymous"></script>`,
    elementTag(choices),
  ].join('\n');
}

function jsxValue(value: string): string {
  return /["\\{}<>]/.test(value) ? `{${JSON.stringify(value)}}` : `"${value}"`;
}

/** The npm install line and a component using `<VoiceAssistant>` with the same choices. */
export function reactSnippet(choices: EmbedChoices, release: WidgetRelease): string {
  const props = chosenAttributes(choices).map(([name, value]) =>
    value === true ? camelCase(name) : `${camelCase(name)}=${jsxValue(value)}`,
  );
  return [
    `// npm install ${release.name}@${release.version}`,
    `import { VoiceAssistant } from '${release.name}/react';`,
    '',
    'export function Assistant() {',
    '  return (',
    '    <VoiceAssistant',
    ...props.map((prop) => `      ${prop}`),
    '      onError={(event) => console.warn(event.detail.message)}',
    '    />',
    '  );',
    '}',
  ].join('\n');
}

/** A JavaScript string literal that can never close the surrounding script element. */
function jsString(value: string): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A Custom HTML tag for Google Tag Manager: plain ES5 (GTM rejects newer syntax), the single-file
 * UMD build pinned with its hash, and the element added to the page.
 */
export function gtmSnippet(choices: EmbedChoices, release: WidgetRelease): string {
  const integrity = release.integrity?.umd ?? MISSING_HASH;
  const attributes = chosenAttributes(choices).map(
    ([name, value]) =>
      `    assistant.setAttribute(${jsString(name)}, ${jsString(value === true ? '' : value)});`,
  );
  return [
    '<script>',
    '  (function () {',
    "    var script = document.createElement('script');",
    `    script.src = ${jsString(`${release.cdnBase}/voice-assistant.umd.js`)};`,
    `    script.integrity = ${jsString(integrity)};`,
    "    script.crossOrigin = 'anonymous';",
    '    document.head.appendChild(script);',
    "    var assistant = document.createElement('voice-assistant');",
    ...attributes,
    '    document.body.appendChild(assistant);',
    '  })();',
    '</script>',
  ].join('\n');
}

/** One directive of the host page's policy, with why each source is there. */
export interface CspLine {
  directive: string;
  sources: string[];
  why: string;
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** URL-valued attributes other than the API host: where the widget sends (connect-src) or shows (img-src). */
function urlAttributes(choices: EmbedChoices): Array<{ name: string; origin: string }> {
  return chosenAttributes(choices).flatMap(([name, value]) => {
    const origin = typeof value === 'string' && name !== 'api-base-url' ? originOf(value) : null;
    return origin ? [{ name, origin }] : [];
  });
}

const IMAGE_ATTRIBUTE = /avatar|image|logo|photo/;

/** The Content-Security-Policy lines the host page needs for these choices, each explained. */
export function cspLines(choices: EmbedChoices, release: WidgetRelease): CspLine[] {
  const cdn = originOf(release.cdnBase) ?? release.cdnBase;
  const apiValue = choices.attributes['api-base-url'];
  const api = (typeof apiValue === 'string' && originOf(apiValue)) || DEFAULT_API;
  const urls = urlAttributes(choices);
  const images = urls.filter((u) => IMAGE_ATTRIBUTE.test(u.name));
  const endpoints = urls.filter((u) => !IMAGE_ATTRIBUTE.test(u.name));
  const lines: CspLine[] = [
    {
      directive: 'script-src',
      sources: ["'self'", cdn, DAILY_ENGINE],
      why: `The widget's loader and its lazy chunks come from ${cdn}; Daily's call engine loads from ${DAILY_ENGINE} when a real call joins.`,
    },
    {
      directive: 'connect-src',
      sources: ["'self'", cdn, api, ...DAILY_SIGNALLING, ...endpoints.map((e) => e.origin)],
      why: [
        `POST /call/web goes to ${api}; the call engine signals over *.daily.co`,
        ...endpoints.map((e) => `; ${e.name} sends to ${e.origin}`),
        `; the demo's voice clips are fetched from ${cdn}.`,
      ].join(''),
    },
    {
      directive: 'media-src',
      sources: ["'self'", cdn, 'blob:'],
      why: `The demo assistant's recorded voice comes from ${cdn}; blob: plays the call's audio.`,
    },
    {
      directive: 'worker-src',
      sources: ["'self'", 'blob:'],
      why: 'The call engine runs its audio processing in a worker it creates from a blob: URL.',
    },
  ];
  if (images.length > 0) {
    lines.push({
      directive: 'img-src',
      sources: ["'self'", ...new Set(images.map((i) => i.origin))],
      why: `The ${images.map((i) => i.name).join(', ')} image is shown from ${images.map((i) => i.origin).join(', ')}.`,
    });
  }
  return lines.map((line) => ({ ...line, sources: [...new Set(line.sources)] }));
}

/** The policy lines as a host pastes them (one directive a line). */
export function cspText(lines: readonly CspLine[]): string {
  return lines.map((line) => `${line.directive} ${line.sources.join(' ')};`).join('\n');
}

/** Shown in the copied code where the brokerage has not filled a required value yet. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = {
  'assistant-id': 'YOUR_ASSISTANT_ID',
  'public-key': 'YOUR_PUBLIC_KEY',
};

/**
 * The choices as the copied code uses them: an empty assistant id, or an empty public key
 * without the demo, becomes a placeholder to replace.
 */
export function codeChoices(choices: EmbedChoices): EmbedChoices {
  const attributes = { ...choices.attributes };
  for (const [name, placeholder] of Object.entries(PLACEHOLDERS)) {
    const value = attributes[name];
    const empty = typeof value !== 'string' || value.trim() === '';
    const needed = name !== 'public-key' || attributes.demo !== true;
    if (empty && needed) {
      attributes[name] = placeholder;
    }
  }
  return { attributes, colours: choices.colours };
}

/**
 * The live preview's attributes: always the offline demo assistant (the page never holds a
 * brokerage's key), with every other choice as made.
 */
export function previewAttributes(choices: EmbedChoices): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of chosenAttributes(choices)) {
    if (name !== 'public-key' && name !== 'api-base-url') {
      attributes[name] = value === true ? '' : value;
    }
  }
  attributes['assistant-id'] ??= 'demo';
  attributes.demo = '';
  return attributes;
}
