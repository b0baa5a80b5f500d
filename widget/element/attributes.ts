import type { AttributeProblem } from './attribute-problems.ts';
import { TALK_TO } from './i18n/idle-labels.ts';

/**
 * The element's attributes, declared once. The observed attributes of `<voice-assistant>`,
 * the r2wc props of the internal React element, the TypeScript types below and
 * `custom-elements.json` are all derived from this list.
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
  'lead-endpoint',
  'analytics',
  'chat',
  'consent',
  'consent-url',
  'lang',
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

/** Reads every declared attribute of `element`. */
export function readAttributes(element: Element): AttributeValues {
  const values: Partial<Record<string, string | null>> = {};
  for (const name of ATTRIBUTES) {
    values[camelCase(name)] = element.getAttribute(name);
  }
  return values as AttributeValues;
}

/** Where the widget draws itself. */
export const MODES = ['inline', 'fullscreen', 'floating'] as const;
export type Mode = (typeof MODES)[number];

/** Where the floating launcher sits. */
export type Position = 'bottom-right' | 'bottom-left';

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
  /** Image URL of the assistant (`avatar`); the name's initial is shown until, or instead, of it. */
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
}

function text(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function parseOverrides(
  raw: string | null,
  problems: AttributeProblem[],
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
    // reported below with the same sentence as a non-object value
  }
  problems.push({ code: 'invalid', attribute: 'assistant-overrides', value: source });
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

function parseBaseUrl(raw: string | null, problems: AttributeProblem[]): string | null {
  const value = text(raw);
  if (value === null) {
    return null;
  }
  if (/^https?:\/\/[^\s/]+/i.test(value)) {
    return value;
  }
  problems.push({ code: 'invalid', attribute: 'api-base-url', value });
  return null;
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** https, or http for a loopback host only; relative URLs resolve against the page. */
function parseLeadEndpoint(raw: string | null, problems: AttributeProblem[]): string | null {
  const value = text(raw);
  if (value === null) {
    return null;
  }
  try {
    const url = new URL(value, globalThis.document?.baseURI);
    const loopback = url.protocol === 'http:' && LOOPBACK.test(url.hostname);
    if ((url.protocol === 'https:' || loopback) && !url.username && !url.password) {
      return url.href;
    }
  } catch {
    // reported below
  }
  problems.push({ code: 'invalid', attribute: 'lead-endpoint', value });
  return null;
}

function parseMode(raw: string | null, problems: AttributeProblem[]): Mode {
  const value = text(raw)?.toLowerCase() ?? 'inline';
  if ((MODES as readonly string[]).includes(value)) {
    return value as Mode;
  }
  problems.push({ code: 'invalid', attribute: 'mode', value: raw ?? '' });
  return 'inline';
}

/** The first character of `name`, upper-cased: the avatar's fallback. */
export function initialOf(name: string): string {
  return (Array.from(name)[0] ?? '').toUpperCase();
}

function parseChat(raw: string | null, problems: AttributeProblem[]): boolean {
  const value = text(raw)?.toLowerCase() ?? 'on';
  if (value !== 'on' && value !== 'off') {
    problems.push({ code: 'invalid', attribute: 'chat', value: raw ?? '' });
  }
  return value !== 'off';
}

function parseConsent(values: AttributeValues, problems: AttributeProblem[]): ConsentConfig | null {
  const consent = text(values.consent);
  const raw = text(values.consentUrl);
  // Only web links: a javascript: or data: URL must never become the terms link.
  const url = raw !== null && /^(https?:\/\/[^\s/]+|\/(?!\/))/i.test(raw) ? raw : null;
  if (raw !== null && url === null) {
    problems.push({ code: 'invalid', attribute: 'consent-url', value: raw });
  }
  return consent === null ? null : { text: consent, url };
}

/**
 * Validates the attribute values. `defaults` are the labels of the chosen language (the
 * `label-*` attributes override them); `talkTo` words the idle label when `assistant-name` is
 * set, in that language. Never throws: every problem is listed, and the element shows it as a
 * sentence in its language, with what to change.
 */
export function parseAttributes(
  values: AttributeValues,
  tag = 'voice-assistant',
  defaults: Labels = DEFAULT_LABELS,
  talkTo: (name: string) => string = TALK_TO.en,
): WidgetConfig {
  const problems: AttributeProblem[] = [];
  const publicKey = text(values.publicKey);
  const demoAttribute = values.demo != null && values.demo.trim().toLowerCase() !== 'false';
  const assistantName = text(values.assistantName);
  return {
    mode: parseMode(values.mode, problems),
    labels: {
      idle: text(values.labelIdle) ?? (assistantName ? talkTo(assistantName) : defaults.idle),
      connecting: text(values.labelConnecting) ?? defaults.connecting,
      active: text(values.labelActive) ?? defaults.active,
    },
    demo: demoAttribute || publicKey === null,
    target: parseTarget(values, tag, problems),
    assistantOverrides: parseOverrides(values.assistantOverrides, problems),
    publicKey,
    apiBaseUrl: parseBaseUrl(values.apiBaseUrl, problems),
    assistantName,
    avatar: text(values.avatar),
    // Cosmetic attributes fall back to their default rather than blocking the call.
    captions: text(values.captions)?.toLowerCase() !== 'off',
    position:
      text(values.position)?.toLowerCase() === 'bottom-left' ? 'bottom-left' : 'bottom-right',
    leadEndpoint: parseLeadEndpoint(values.leadEndpoint, problems),
    analytics: text(values.analytics)?.toLowerCase() === 'datalayer' ? 'datalayer' : null,
    chat: parseChat(values.chat, problems),
    consent: parseConsent(values, problems),
    problems,
  };
}
