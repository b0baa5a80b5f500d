// Over 300 lines as one concept: the attribute list and everything parsed from it (its problems,
// warnings and URL rules included; apart, they made a circle of files importing each other).
import { talkTo as talkToIn } from './i18n/idle-labels.ts';
import { LANGUAGES, matchLanguage } from './i18n/languages.ts';

/**
 * The element's attributes, declared once. The observed attributes of `<voice-assistant>`,
 * the TypeScript types below and `custom-elements.json` are all derived from this list.
 *
 * This module is part of the tiny loader (it runs before the visitor shows intent), so it stays
 * dependency-free and small.
 */
export const ATTRIBUTES = [
  'assistant-id',
  'squad-id',
  'workflow-id',
  'assistant-overrides',
  'public-key',
  'api-base-url',
  'mode',
  'label-idle',
  'label-connecting',
  'label-active',
  'demo',
  'assistant-name',
  'avatar',
  'captions',
  'position',
  'listing',
  'listing-address',
  'listing-price',
  'listing-id',
  'listing-url',
  'agent-name',
  'brokerage',
  'lead-endpoint',
  'analytics',
  'chat',
  'consent',
  'consent-url',
  'lang',
  'resume-seconds',
  'office-phone',
  'office-hours',
] as const;

/** One attribute name of `<voice-assistant>`. */
export type AttributeName = (typeof ATTRIBUTES)[number];

/** `'assistant-id'` → `'assistantId'`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The raw attribute values, keyed by camel-cased name (`null` when the attribute is absent). */
export type AttributeValues = { [K in AttributeName as CamelCase<K>]: string | null };

/** `'assistant-id'` → `'assistantId'`. */
export function camelCase<S extends string>(name: S): CamelCase<S> {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}

/** Reads every declared attribute of `element` (anything with `getAttribute`). */
export function readAttributes(element: Pick<Element, 'getAttribute'>): AttributeValues {
  const values: Partial<Record<string, string | null>> = {};
  for (const name of ATTRIBUTES) {
    values[camelCase(name)] = element.getAttribute(name);
  }
  return values as AttributeValues;
}

/**
 * What makes a call impossible: no assistant, squad or workflow, or more than one, or a
 * `public-key` copied from an example (`YOUR_PUBLIC_KEY`) that the platform would refuse. Each language
 * words it (`WidgetTexts.problems`), so the loader carries no sentences (docs/behaviour.md#widget).
 */
export type AttributeProblem =
  | { code: 'no-target'; tag: string }
  | { code: 'several-targets'; found: string[] }
  | { code: 'placeholder-key'; value: string };

/**
 * A public key copied from an example rather than the dashboard: "YOUR_PUBLIC_KEY", "<key>",
 * "xxx…". Real keys are UUIDs (hex and dashes), which none of these match.
 */
export const PLACEHOLDER_KEY = /your|key|xxx|[.…<>{}]/i;

/**
 * An optional attribute whose value is ignored (its default is used), and what to write instead.
 * The loader prints it once as a console warning (docs/behaviour.md#validation).
 */
export interface AttributeWarning {
  attribute: AttributeName;
  value: string;
  /** What a valid value looks like, for the developer (English, in the console only). */
  expected: string;
}

/** The console sentence for `warning`: the attribute, the value ignored and what to write. */
export function warningSentence(
  tag: string,
  { attribute, value, expected }: AttributeWarning,
): string {
  return `<${tag}> ignores ${attribute}="${value}": write ${expected}.`;
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** Which URLs each URL attribute takes, after resolving, and how to say so. */
const RULES = {
  'consent-url': [/^https?:$/, 'an http(s) URL or a path'],
  'listing-url': [/^https?:$/, 'an http(s) URL or a path'],
  avatar: [/^(https?|data|blob):$/, 'an image URL or a path'],
  // http only for a loopback host, checked below (local stand-ins and tests).
  'lead-endpoint': [/^https:$/, 'an https URL or a path'],
  'api-base-url': [/^https?:$/, 'an absolute http(s) URL'],
} as const satisfies Partial<Record<AttributeName, readonly [RegExp, string]>>;

/** One of the attributes that hold a URL. */
export type UrlAttribute = keyof typeof RULES;

/**
 * The attribute's URL (trimmed, non-empty) resolved against the page's base URL, as `<a href>` resolves it
 * (`privacy.html`, `../terms`), or `null` when it is absent or not allowed (warned about).
 * `api-base-url` must be absolute: it names another server. No credentials in any URL.
 */
export function parseUrl(
  value: string | null,
  attribute: UrlAttribute,
  warnings: AttributeWarning[],
): string | null {
  if (value === null) {
    return null;
  }
  const [protocols, expected] = RULES[attribute];
  try {
    const base = attribute === 'api-base-url' ? undefined : globalThis.document?.baseURI;
    const url = new URL(value, base);
    const loopback =
      attribute === 'lead-endpoint' && url.protocol === 'http:' && LOOPBACK.test(url.hostname);
    if ((protocols.test(url.protocol) || loopback) && !url.username && !url.password) {
      return attribute === 'api-base-url' ? value : url.href;
    }
  } catch {
    // warned below
  }
  warnings.push({ attribute, value, expected });
  return null;
}

/** Where the widget draws itself. */
export const MODES = ['inline', 'fullscreen', 'floating'] as const;
export type Mode = (typeof MODES)[number];

/** Where the floating launcher sits. */
export const POSITIONS = ['bottom-right', 'bottom-left'] as const;
export type Position = (typeof POSITIONS)[number];

const ON_OFF = ['on', 'off'] as const;

/** Button labels for the three states. */
export interface Labels {
  idle: string;
  connecting: string;
  active: string;
}

/** The default labels (docs/behaviour.md#demo-page, demo page). */
export const DEFAULT_LABELS: Labels = {
  idle: 'Talk to Assistant',
  connecting: 'Connecting...',
  active: 'Stop',
};

/** What the call is placed with: exactly one of an assistant, a squad or a workflow id. */
export interface CallTarget {
  kind: 'assistant' | 'squad' | 'workflow';
  id: string;
}

/** The `consent` text and the optional `consent-url` link to the full terms. */
export interface ConsentConfig {
  text: string;
  url: string | null;
}

/** The validated configuration, plus the problems that block a call. */
export interface WidgetConfig {
  mode: Mode;
  labels: Labels;
  /** The offline demo assistant: the `demo` attribute, or no `public-key`. */
  demo: boolean;
  target: CallTarget | null;
  assistantOverrides: Record<string, unknown> | undefined;
  publicKey: string | null;
  apiBaseUrl: string | null;
  /** The assistant's name (`assistant-name`), shown in the panel title and default labels. */
  assistantName: string | null;
  /**
   * Image URL of the assistant (`avatar`, resolved against the page); the name's initial is
   * shown until, or instead, of it.
   */
  avatar: string | null;
  /** Whether the transcript is shown (`captions`, on unless `off`). */
  captions: boolean;
  /** Corner of the floating launcher (`position`). */
  position: Position;
  /** Where captured leads are POSTed (`lead-endpoint`, resolved against the page); `null`: nowhere. */
  leadEndpoint: string | null;
  /** `analytics="datalayer"`: lead events also go to `window.dataLayer` (no personal data). */
  analytics: 'datalayer' | null;
  /** `chat="off"` hides `Type instead` (docs/behaviour.md#chat). */
  chat: boolean;
  /** The recording disclosure to agree to before a call or chat, when `consent` is set. */
  consent: ConsentConfig | null;
  /** Shown inside the element, in its language; a non-empty list means no call can start. */
  problems: AttributeProblem[];
  /** Optional attributes ignored for their bad value; the loader warns once about each. */
  warnings: AttributeWarning[];
}

function text(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function parseOverrides(
  raw: string | null,
  warnings: AttributeWarning[],
): Record<string, unknown> | undefined {
  const source = text(raw);
  if (source === null) {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(source);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // warned below with the same sentence as a non-object value
  }
  warnings.push({
    attribute: 'assistant-overrides',
    value: source,
    expected: 'a JSON object',
  });
  return undefined;
}

function parseTarget(
  values: AttributeValues,
  tag: string,
  problems: AttributeProblem[],
): CallTarget | null {
  const given = (
    [
      ['assistant', values.assistantId],
      ['squad', values.squadId],
      ['workflow', values.workflowId],
    ] as const
  ).flatMap(([kind, raw]) => {
    const id = text(raw);
    return id === null ? [] : [{ kind, id }];
  });
  if (given.length === 0) {
    problems.push({ code: 'no-target', tag });
    return null;
  }
  if (given.length > 1) {
    problems.push({ code: 'several-targets', found: given.map((g) => `${g.kind}-id`) });
    return null;
  }
  return given[0] ?? null;
}

/**
 * One of `allowed` (any case), or `null` when the attribute is absent or names something else;
 * something else is warned about.
 */
function oneOf<T extends string>(
  raw: string | null,
  attribute: AttributeName,
  allowed: readonly T[],
  warnings: AttributeWarning[],
): T | null {
  const value = text(raw);
  const found = allowed.find((a) => a === value?.toLowerCase()) ?? null;
  if (value !== null && found === null) {
    warnings.push({ attribute, value, expected: allowed.join(' or ') });
  }
  return found;
}

/** The first character of `name`, upper-cased: the avatar's fallback. */
export function initialOf(name: string): string {
  return (Array.from(name)[0] ?? '').toUpperCase();
}

function checkLang(raw: string | null, warnings: AttributeWarning[]): void {
  const value = text(raw);
  if (value !== null && matchLanguage(value) === null) {
    warnings.push({ attribute: 'lang', value, expected: LANGUAGES.join(' or ') });
  }
}

/** The configuration without its labels: what the attributes alone say, parsed once per change. */
export type AttributeSettings = Omit<WidgetConfig, 'labels'>;

/**
 * Validates the attribute values, all but the labels (`buttonLabels`, which follow the texts of
 * the language too). Never throws. Only what makes a call impossible is a problem (the element
 * shows it as a sentence in its language); a bad optional attribute is a warning, and its default
 * is used. URL attributes resolve against the page's base URL.
 */
export function parseSettings(values: AttributeValues, tag = 'voice-assistant'): AttributeSettings {
  const problems: AttributeProblem[] = [];
  const warnings: AttributeWarning[] = [];
  const publicKey = text(values.publicKey);
  const demoAttribute = values.demo != null && values.demo.trim().toLowerCase() !== 'false';
  const consent = text(values.consent);
  const consentUrl = parseUrl(text(values.consentUrl), 'consent-url', warnings);
  parseUrl(text(values.listingUrl), 'listing-url', warnings);
  checkLang(values.lang, warnings);
  const target = parseTarget(values, tag, problems);
  if (publicKey !== null && PLACEHOLDER_KEY.test(publicKey)) {
    problems.push({ code: 'placeholder-key', value: publicKey });
  }
  return {
    mode: oneOf(values.mode, 'mode', MODES, warnings) ?? 'inline',
    demo: demoAttribute || publicKey === null,
    target,
    assistantOverrides: parseOverrides(values.assistantOverrides, warnings),
    publicKey,
    apiBaseUrl: parseUrl(text(values.apiBaseUrl), 'api-base-url', warnings),
    assistantName: text(values.assistantName),
    avatar: parseUrl(text(values.avatar), 'avatar', warnings),
    captions: oneOf(values.captions, 'captions', ON_OFF, warnings) !== 'off',
    position: oneOf(values.position, 'position', POSITIONS, warnings) ?? 'bottom-right',
    leadEndpoint: parseUrl(text(values.leadEndpoint), 'lead-endpoint', warnings),
    analytics: oneOf(values.analytics, 'analytics', ['datalayer'] as const, warnings),
    chat: oneOf(values.chat, 'chat', ON_OFF, warnings) !== 'off',
    consent: consent === null ? null : { text: consent, url: consentUrl },
    problems,
    warnings,
  };
}

/**
 * The three button labels: the `label-*` attributes, else `defaults`, the labels of the chosen
 * language; `talkTo` words the idle label when `assistant-name` is set, in that language.
 */
export function buttonLabels(
  values: Pick<AttributeValues, 'labelIdle' | 'labelConnecting' | 'labelActive'>,
  assistantName: string | null,
  defaults: Labels,
  talkTo: (name: string) => string,
): Labels {
  return {
    idle: text(values.labelIdle) ?? (assistantName ? talkTo(assistantName) : defaults.idle),
    connecting: text(values.labelConnecting) ?? defaults.connecting,
    active: text(values.labelActive) ?? defaults.active,
  };
}

/** The whole configuration at once: `parseSettings` with the `buttonLabels` of `defaults`. */
export function parseAttributes(
  values: AttributeValues,
  tag = 'voice-assistant',
  defaults: Labels = DEFAULT_LABELS,
  talkTo: (name: string) => string = (name) => talkToIn('en', name),
): WidgetConfig {
  const settings = parseSettings(values, tag);
  return { ...settings, labels: buttonLabels(values, settings.assistantName, defaults, talkTo) };
}
