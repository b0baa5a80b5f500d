import type { Language } from '../element/i18n/languages.ts';
import type { ConsentRecord } from '../leads/watch/consent-record.ts';

/** What the widget tells the assistant about the visitor, with every call and chat. */
export interface VisitorContext {
  /** Sent as the variable `language`, so an assistant can greet in it. */
  language: Language;
  /** The agreement to the disclosure, sent in `metadata.consent` so the brokerage can prove it. */
  consent: ConsentRecord | null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The assistant overrides to send: the host's `assistant-overrides`, plus
 * `variableValues.language` (a value the host set itself wins) and `metadata.consent`
 * ({ version, acceptedAt }) when the visitor agreed to a disclosure. Pure.
 */
export function visitorOverrides(
  base: Record<string, unknown> | undefined,
  visitor: VisitorContext,
): Record<string, unknown> {
  const overrides: Record<string, unknown> = {
    ...base,
    variableValues: { language: visitor.language, ...record(base?.variableValues) },
  };
  if (visitor.consent) {
    overrides.metadata = {
      ...record(base?.metadata),
      consent: { version: visitor.consent.version, acceptedAt: visitor.consent.acceptedAt },
    };
  }
  return overrides;
}
