import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../desk/inbox/api-contract.ts';
import { launchChromium } from '../helpers/chromium.ts';
import {
  ACCOUNTS,
  EXPECTED_LOAD_ERRORS,
  type InboxDesk,
  signIn,
  startInboxDesk,
  withInboxPage,
} from '../helpers/inbox-desk.ts';
import { startTlsProxy, type TlsProxy } from '../helpers/tls-proxy.ts';

// The inbox as a brokerage runs it: Chromium → a TLS proxy on loopback (a throwaway
// certificate, hence --ignore-certificate-errors for this file only) → the desk, which trusts
// the proxy (DESK_TRUSTED_PROXIES) and leaves DESK_PUBLIC_URL unset, so the public origin is the
// one the proxy forwards. Both host names resolve to 127.0.0.1 in this Chromium only.
const PUBLIC_HOST = 'desk.maple-ridge.example';
const LAN_HOST = 'desk.lan';
const NEEDS_HTTPS = 'Sign-in needs HTTPS, or open it on localhost';

let desk: InboxDesk | undefined;
let proxy: TlsProxy | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const [started, launched] = await Promise.allSettled([
    startInboxDesk({ DESK_TRUSTED_PROXIES: '127.0.0.1' }),
    launchChromium({
      args: [
        '--ignore-certificate-errors',
        `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1, MAP ${LAN_HOST} 127.0.0.1`,
      ],
    }),
  ]);
  desk = started.status === 'fulfilled' ? started.value : undefined;
  browser = launched.status === 'fulfilled' ? launched.value : undefined;
  if (desk) {
    proxy = await startTlsProxy(PUBLIC_HOST, desk.url);
  }
  if (!desk || !browser || !proxy) {
    throw new Error('the desk, its proxy or Chromium did not start');
  }
}, 180_000);
afterAll(async () => {
  await Promise.allSettled([browser?.close(), proxy?.close()]);
  await desk?.close();
});

function started(): { desk: InboxDesk; proxy: TlsProxy; browser: Browser } {
  if (!desk || !proxy || !browser) {
    throw new Error('read before beforeAll');
  }
  return { desk, proxy, browser };
}

describe('behind a TLS proxy', () => {
  it('signs in over HTTPS with a Secure cookie and stays signed in', async () => {
    const { proxy, browser } = started();
    const publicUrl = `https://${PUBLIC_HOST}:${proxy.port}`;
    await withInboxPage(browser, async (page, context) => {
      await signIn(page, publicUrl, ACCOUNTS.broker);
      const cookie = (await context.cookies(publicUrl)).find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.secure).toBe(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/inbox');
    });
  });
});

describe('plain HTTP on a LAN address', () => {
  it('says sign-in needs HTTPS or localhost, and sends no password', async () => {
    const { desk, browser } = started();
    const lanUrl = `http://${LAN_HOST}:${new URL(desk.url).port}`;
    await withInboxPage(
      browser,
      async (page) => {
        const signIns: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/api/session') && r.method() === 'POST') {
            signIns.push(r.url());
          }
        });
        await page.goto(`${lanUrl}/inbox/sign-in`);
        const alert = page.getByRole('alert').filter({ hasText: NEEDS_HTTPS });
        await alert.waitFor();
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('Email', { exact: true }).fill(ACCOUNTS.broker.email);
        await form.getByLabel('Password', { exact: true }).fill(ACCOUNTS.broker.password);
        await form.getByRole('button', { name: 'Sign in' }).click();
        await alert.waitFor();
        expect(new URL(page.url()).pathname).toBe('/inbox/sign-in');
        expect(signIns).toEqual([]);
      },
      // Chromium ignores the desk's Cross-Origin-Opener-Policy on an untrustworthy origin, and
      // says so: the very reason this page refuses to sign in here.
      [...EXPECTED_LOAD_ERRORS, /Cross-Origin-Opener-Policy header has been ignored/],
    );
  });
});
