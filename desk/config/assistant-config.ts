// The schema of assistant.config.json, read by the desk at every start (desk/config/brokerage.ts)
// and by `npm run assistant -- provision` (scripts/assistant/). It lives in the desk's lowest
// layer, which imports nothing of the desk but retention.ts beside it, so the build scripts may import it while the
// server never depends on scripts/ (docs/architecture.md, the desk's layers).

import { type Retention, readRetention } from './retention.ts';

/** One row of office hours: a span of days, and opening and closing times (24 h, `HH:MM`). */
export interface OfficeHours {
  days: string;
  open: string;
  close: string;
}

/** `assistant.config.json`: the brokerage's assistant, as `npm run assistant -- provision` sets it up. */
export interface AssistantConfig {
  brokerageName: string;
  /** The assistant's name; also the name the platform stores it under (at most 40 characters). */
  assistantName: string;
  /** Spoken first, before the first message: the AI and recording disclosure. */
  consentSentence: string;
  /** May name `{assistantName}` and `{brokerageName}`, filled in from the fields above. */
  firstMessage: string;
  voice: { provider: string; voiceId: string };
  model: { provider: 'openai'; model: string };
  officeHours: { timeZone: string; hours: OfficeHours[] };
  /** Languages the assistant speaks, as language codes (`en`, `fr`, `es-419`); the first is the default. */
  languages: string[];
  /** How long personal data is kept (desk/config/retention.ts); each field has a default. */
  retention?: Partial<Retention>;
}

/** The config file is missing, not JSON, or has bad values; `problems` lists every one. */
export class AssistantConfigError extends Error {
  override readonly name = 'AssistantConfigError';
  readonly code = 'invalid-assistant-config';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid assistant.config.json:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const NAME_MAX = 40;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * `text` with `{assistantName}` and `{brokerageName}` filled in, so the names are written once in
 * the file (the site reads the same two fields). Pure.
 */
export function withNames(
  text: string,
  config: Pick<AssistantConfig, 'assistantName' | 'brokerageName'>,
): string {
  return text
    .replaceAll('{assistantName}', config.assistantName)
    .replaceAll('{brokerageName}', config.brokerageName);
}

/**
 * Checks a parsed `assistant.config.json` and returns it typed; throws
 * {@link AssistantConfigError} with every problem at once.
 */
export function parseAssistantConfig(value: unknown): AssistantConfig {
  const problems: string[] = [];
  const c = isRecord(value) ? value : {};
  if (!isRecord(value)) {
    problems.push('the file must hold a JSON object');
  }
  const text = (key: string, max = 1000) => {
    const v = c[key];
    if (typeof v !== 'string' || v.trim() === '' || v.length > max) {
      problems.push(`${key} must be a non-empty string of at most ${max} characters`);
    }
  };
  text('brokerageName', 200);
  text('assistantName', NAME_MAX);
  text('consentSentence');
  text('firstMessage');
  const voice = c.voice;
  if (!isRecord(voice) || typeof voice.provider !== 'string' || typeof voice.voiceId !== 'string') {
    problems.push('voice must be { "provider": "…", "voiceId": "…" }');
  }
  const model = c.model;
  if (!isRecord(model) || model.provider !== 'openai' || typeof model.model !== 'string') {
    problems.push('model must be { "provider": "openai", "model": "…" }');
  }
  const hours = c.officeHours;
  if (!isRecord(hours) || typeof hours.timeZone !== 'string' || !isTimeZone(hours.timeZone)) {
    problems.push('officeHours.timeZone must be an IANA time zone, like "America/Vancouver"');
  }
  const rows = isRecord(hours) && Array.isArray(hours.hours) ? hours.hours : null;
  if (rows === null || rows.length === 0) {
    problems.push('officeHours.hours must list at least one { "days", "open", "close" }');
  } else {
    rows.forEach((row: unknown, i) => {
      const ok =
        isRecord(row) &&
        typeof row.days === 'string' &&
        row.days.trim() !== '' &&
        typeof row.open === 'string' &&
        TIME.test(row.open) &&
        typeof row.close === 'string' &&
        TIME.test(row.close) &&
        row.open < row.close;
      if (!ok) {
        problems.push(`officeHours.hours[${i}] needs days, and open before close as HH:MM`);
      }
    });
  }
  const languages = c.languages;
  if (
    !Array.isArray(languages) ||
    languages.length === 0 ||
    !languages.every((l) => typeof l === 'string' && LANGUAGE.test(l))
  ) {
    problems.push('languages must list language codes, like ["en", "fr"]');
  }
  problems.push(...readRetention(c.retention).problems);
  if (problems.length > 0) {
    throw new AssistantConfigError(problems);
  }
  return value as unknown as AssistantConfig;
}
