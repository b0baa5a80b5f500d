/**
 * Build-time settings of the site, validated in one place. `vite.config.ts` parses the
 * environment with {@link parseSiteConfig} and fails the build with the full list of problems;
 * the validated object reaches the app through the `__SITE_CONFIG__` define (see settings.ts).
 */

/** The local stand-in for the form-forwarding service, served by the Vite plugin. */
export const FORM_STAND_IN_PATH = '/forms/contact';

/** Validated build settings. */
export interface SiteConfig {
  /** Public key for the voice platform; `null` runs the offline demo assistant. */
  vapiPublicKey: string | null;
  /** Assistant the landing page's floating button talks to. */
  assistantId: string;
  /** Where the contact form posts: the form-forwarding service URL with its key, or the stand-in. */
  formEndpoint: string;
  /** `true` when no endpoint was configured and the local stand-in answers. */
  formStandIn: boolean;
  /**
   * The site's widgets' `lead-endpoint`: the desk's `POST /leads` (`npm start` sets it), or a
   * form-forwarding service. `null` when none was configured: leads are then handed to the host
   * page only (the `voice-assistant:lead` events), and the build says so (docs/behaviour.md#leads).
   */
  leadEndpoint: string | null;
  /** Platform API base URL override; `null` keeps the widget's default. */
  apiBaseUrl: string | null;
  /** Absolute origin (and optional path) the site is published at, without a trailing slash. */
  siteUrl: string;
}

/** The environment variables read, all optional. */
export const SETTING_NAMES = [
  'VITE_VAPI_PUBLIC_KEY',
  'VITE_ASSISTANT_ID',
  'VITE_FORM_ENDPOINT',
  'VITE_LEAD_ENDPOINT',
  'VITE_API_BASE_URL',
  'VITE_SITE_URL',
] as const;

export type SiteEnv = Partial<Record<(typeof SETTING_NAMES)[number], string | undefined>>;

const DEFAULT_ASSISTANT_ID = 'demo';
const DEFAULT_SITE_URL = 'http://localhost:4173';
const TOKEN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Thrown when one or more settings are invalid; `problems` lists every one of them. */
export class SiteConfigError extends Error {
  override readonly name = 'SiteConfigError';
  readonly code = 'invalid-site-config';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid site settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function parseToken(name: string, value: string, problems: string[]): string {
  if (!TOKEN_PATTERN.test(value)) {
    problems.push(`${name} must be 1-128 letters, digits, '.', '_' or '-' (got "${value}")`);
  }
  return value;
}

/** https anywhere, plain http only for loopback hosts (local stand-ins and tests). */
function parseUrl(name: string, value: string, problems: string[]): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} must be an absolute URL (got "${value}")`);
    return null;
  }
  const secure = url.protocol === 'https:';
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (!secure && !loopback) {
    problems.push(`${name} must use https (http is accepted for localhost only; got "${value}")`);
    return null;
  }
  if (url.username || url.password) {
    problems.push(`${name} must not contain credentials`);
    return null;
  }
  return url;
}

function withoutTrailingSlash(url: URL): string {
  return url.href.replace(/\/+$/, '');
}

/**
 * Validates the settings and fills the defaults. Throws {@link SiteConfigError} listing every
 * problem at once, so a deploy fixes them in one go.
 */
export function parseSiteConfig(env: SiteEnv): SiteConfig {
  const problems: string[] = [];

  const rawKey = blankToNull(env.VITE_VAPI_PUBLIC_KEY);
  const vapiPublicKey =
    rawKey === null ? null : parseToken('VITE_VAPI_PUBLIC_KEY', rawKey, problems);

  const rawAssistant = blankToNull(env.VITE_ASSISTANT_ID) ?? DEFAULT_ASSISTANT_ID;
  const assistantId = parseToken('VITE_ASSISTANT_ID', rawAssistant, problems);

  const rawForm = blankToNull(env.VITE_FORM_ENDPOINT);
  const formUrl = rawForm === null ? null : parseUrl('VITE_FORM_ENDPOINT', rawForm, problems);
  if (formUrl && (formUrl.search || formUrl.hash)) {
    problems.push('VITE_FORM_ENDPOINT must not carry a query or fragment');
  }

  const rawLead = blankToNull(env.VITE_LEAD_ENDPOINT);
  const leadUrl = rawLead === null ? null : parseUrl('VITE_LEAD_ENDPOINT', rawLead, problems);
  if (leadUrl && (leadUrl.search || leadUrl.hash)) {
    problems.push('VITE_LEAD_ENDPOINT must not carry a query or fragment');
  }

  const rawApi = blankToNull(env.VITE_API_BASE_URL);
  const apiUrl = rawApi === null ? null : parseUrl('VITE_API_BASE_URL', rawApi, problems);

  const rawSite = blankToNull(env.VITE_SITE_URL) ?? DEFAULT_SITE_URL;
  const siteUrl = parseUrl('VITE_SITE_URL', rawSite, problems);
  if (siteUrl && (siteUrl.search || siteUrl.hash)) {
    problems.push('VITE_SITE_URL must not carry a query or fragment');
  }

  if (problems.length > 0) {
    throw new SiteConfigError(problems);
  }
  return {
    vapiPublicKey,
    assistantId,
    formEndpoint: formUrl ? formUrl.href : FORM_STAND_IN_PATH,
    formStandIn: formUrl === null,
    leadEndpoint: leadUrl ? leadUrl.href : null,
    apiBaseUrl: apiUrl ? withoutTrailingSlash(apiUrl) : null,
    siteUrl: siteUrl ? withoutTrailingSlash(siteUrl) : DEFAULT_SITE_URL,
  };
}
