import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type LaunchOptions, launchChromium } from './chromium.ts';
import { type StaticServer, type StaticServerOptions, startStaticServer } from './static-server.ts';

/**
 * The one launch-and-serve fixture of the browser tests: a Chromium and, when asked, a loopback
 * server over the built files, started before the tests of the file (or `describe`) that calls
 * `browserFixture` and closed after them.
 */
export interface BrowserFixtureOptions {
  /** How Chromium is launched (fake microphone, extra switches). */
  launch?: LaunchOptions;
  /**
   * What the server serves. A function runs inside `beforeAll`, so it may read build output or
   * prepare files that do not exist when the test file is collected. Omit for no server.
   */
  serve?: StaticServerOptions | (() => StaticServerOptions | Promise<StaticServerOptions>);
  /** Runs last in `afterAll`, after the server and the browser are closed. */
  cleanup?: () => void | Promise<void>;
  /** Time for `serve` and the launch together; give more when `serve` builds something. */
  timeoutMs?: number;
}

/** What the tests use; each field throws when read before `beforeAll` has run. */
export interface BrowserFixture {
  readonly browser: Browser;
  readonly server: StaticServer;
}

/** Registers `beforeAll`/`afterAll` in the calling scope and returns their handle. */
export function browserFixture(options: BrowserFixtureOptions = {}): BrowserFixture {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;

  beforeAll(async () => {
    // Launch and serve side by side; if one fails, the other is closed before reporting it.
    const [launched, served] = await Promise.allSettled([
      launchChromium(options.launch),
      startServer(options.serve),
    ]);
    browser = launched.status === 'fulfilled' ? launched.value : undefined;
    server = served.status === 'fulfilled' ? served.value : undefined;
    if (launched.status === 'rejected' || served.status === 'rejected') {
      await close();
      throw launched.status === 'rejected'
        ? launched.reason
        : (served as PromiseRejectedResult).reason;
    }
  }, options.timeoutMs);

  async function close(): Promise<void> {
    await Promise.allSettled([server?.close(), browser?.close()]);
    server = undefined;
    browser = undefined;
  }

  afterAll(async () => {
    await close();
    await options.cleanup?.();
  });

  const fixture: BrowserFixture = {
    get browser(): Browser {
      if (!browser) {
        throw new Error('No browser: browserFixture is read before its beforeAll ran.');
      }
      return browser;
    },
    get server(): StaticServer {
      if (!server) {
        throw new Error(
          options.serve
            ? 'No server: browserFixture is read before its beforeAll ran.'
            : 'No server: this fixture was created without `serve`.',
        );
      }
      return server;
    },
  };
  return fixture;
}

async function startServer(
  serve: BrowserFixtureOptions['serve'],
): Promise<StaticServer | undefined> {
  if (!serve) {
    return undefined;
  }
  return startStaticServer(typeof serve === 'function' ? await serve() : serve);
}
