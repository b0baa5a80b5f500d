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

/** Where each browser keeps the per-site microphone permission. */
const MICROPHONE_SETTING: Record<BrowserFamily, string> = {
  chrome:
    'In Chrome, click the site-settings icon at the left of the address bar and set Microphone to Allow',
  edge: 'In Edge, click the lock icon at the left of the address bar, open Permissions for this site and set Microphone to Allow',
  firefox:
    'In Firefox, click the crossed-out microphone icon in the address bar and clear the blocked permission',
  safari:
    'In Safari, open Safari › Settings for This Website (or Settings › Websites › Microphone) and set Microphone to Allow',
  other: "Allow the microphone for this site in your browser's site settings",
};

export interface FailureInput {
  code: string;
  message: string;
  userAgent: string;
  /** The idle label, so the sentence names the button the visitor will press. */
  idleLabel: string;
}

/** The status-line sentence for a failed or interrupted call. */
export function failureMessage({ code, message, userAgent, idleLabel }: FailureInput): string {
  const again = `then press “${idleLabel}” again.`;
  switch (code) {
    case 'microphone-denied':
      return `Microphone access is blocked. ${MICROPHONE_SETTING[browserFamily(userAgent)]}, ${again}`;
    case 'microphone-not-found':
      return `No microphone was found. Connect one (or check your system sound settings), ${again}`;
    case 'microphone-in-use':
      return `Your microphone is busy or could not start. Close other apps that use it, ${again}`;
    case 'web-call-creation-error':
    case 'validation-error':
      return `The assistant could not be reached: ${trimStop(message)}. Check the assistant id and public key, or try again in a moment.`;
    case 'daily-call-join-error':
    case 'daily-call-error':
      return `The call could not connect: ${trimStop(message)}. Check your internet connection, ${again}`;
    default:
      return `Something went wrong: ${trimStop(message) || code}. Please ${again.replace(/^then /, '')}`;
  }
}

function trimStop(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}
