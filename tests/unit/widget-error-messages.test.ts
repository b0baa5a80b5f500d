import { describe, expect, it } from 'vitest';
import { en } from '../../widget/element/i18n/en.ts';
import { es } from '../../widget/element/i18n/es.ts';
import { browserFamily, failureMessage } from '../../widget/session/failure-messages.ts';

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  other: 'SomeBrowser/1.0',
} as const;

describe('browserFamily', () => {
  it('recognises the browser whose settings the visitor must change', () => {
    for (const [family, ua] of Object.entries(UA)) {
      expect(browserFamily(ua)).toBe(family === 'headless' ? 'chrome' : family);
    }
  });
});

describe('failureMessage', () => {
  const base = { message: 'Permission denied', idleLabel: 'Talk to Assistant', texts: en };

  it('names the microphone setting of each browser for a denied microphone', () => {
    const say = (ua: string) =>
      failureMessage({ ...base, code: 'microphone-denied', userAgent: ua });
    expect(say(UA.chrome)).toBe(
      'Microphone access is blocked. In Chrome, click the site-settings icon at the left of the address bar and set Microphone to Allow, then press “Talk to Assistant” again.',
    );
    expect(say(UA.edge)).toContain('In Edge, click the lock icon');
    expect(say(UA.firefox)).toContain('In Firefox, click the crossed-out microphone icon');
    expect(say(UA.safari)).toContain('Safari › Settings for This Website');
    expect(say(UA.other)).toContain("browser's site settings");
  });

  it('says what to do for the other failures, naming the button', () => {
    const say = (code: string, message = 'boom') =>
      failureMessage({ code, message, userAgent: UA.chrome, idleLabel: 'Call us', texts: en });
    expect(say('microphone-not-found')).toBe(
      'No microphone was found. Connect one (or check your system sound settings), then press “Call us” again.',
    );
    expect(say('microphone-in-use')).toContain('Close other apps that use it');
    expect(say('web-call-creation-error', 'HTTP 401 Unauthorized.')).toBe(
      'The assistant could not be reached: HTTP 401 Unauthorized. Check the assistant id and public key, or try again in a moment.',
    );
    expect(say('daily-call-join-error', 'no answer within 15 s')).toBe(
      'The call could not connect: no answer within 15 s. Check your internet connection, then press “Call us” again.',
    );
    expect(say('start-method-error', '')).toBe(
      'Something went wrong: start-method-error. Please press “Call us” again.',
    );
  });
});

describe('failureMessage in another language', () => {
  it('says what to do in the visitor’s language, naming their button', () => {
    const text = failureMessage({
      code: 'microphone-denied',
      message: 'Permission denied',
      userAgent: UA.firefox,
      idleLabel: 'Hablar con el asistente',
      texts: es,
    });
    expect(text).toBe(
      `El acceso al micrófono está bloqueado. ${es.errors.microphoneSetting.firefox} y vuelve a pulsar «Hablar con el asistente».`,
    );
  });
});
