import type { WidgetTexts } from '../element/i18n/widget-texts.ts';

/**
 * What the status line says after a failure: what happened and what to do next. Pure: the
 * error's code and message, the browser's user agent and the idle label are inputs.
 */

export type BrowserFamily = 'edge' | 'chrome' | 'firefox' | 'safari' | 'other';

/** The browser whose settings the visitor must change. Order matters: Edge says "Chrome" too. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) {
    return 'edge';
  }
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) {
    return 'firefox';
  }
  if (/\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//.test(userAgent)) {
    return 'chrome';
  }
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) {
    return 'safari';
  }
  return 'other';
}

export interface FailureInput {
  code: string;
  message: string;
  userAgent: string;
  /** The idle label, so the sentence names the button the visitor will press. */
  idleLabel: string;
  /** The chosen language's sentences. */
  texts: WidgetTexts;
}

/** The status-line sentence for a failed or interrupted call, in the visitor's language. */
export function failureMessage({
  code,
  message,
  userAgent,
  idleLabel,
  texts,
}: FailureInput): string {
  const errors = texts.errors;
  switch (code) {
    case 'microphone-denied':
      return errors.microphoneDenied(errors.microphoneSetting[browserFamily(userAgent)], idleLabel);
    case 'microphone-not-found':
      return errors.microphoneNotFound(idleLabel);
    case 'microphone-in-use':
      return errors.microphoneInUse(idleLabel);
    case 'web-call-creation-error':
    case 'validation-error':
      return errors.unreachable(trimStop(message));
    case 'daily-call-join-error':
    case 'daily-call-error':
      return errors.connectFailed(trimStop(message), idleLabel);
    default:
      return errors.generic(trimStop(message) || code, idleLabel);
  }
}

function trimStop(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}
