import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { startTestServer } from '../helpers/http-server.ts';
import {
  createProject,
  PACKAGE_NAME,
  packTarball,
  REACT_18_MODULES,
  type Tarball,
} from '../helpers/packed-package.ts';
import { startStaticServer } from '../helpers/static-server.ts';

// The four ways a developer uses the published package, each in a fresh project with the packed
// tarball installed and nothing fetched (tests/helpers/packed-package.ts): plain Node, server
// rendering, a Vite + React 19 app in Chromium (and the same with React 18, from the
// tests/fixtures/react18 workspace), and a plain page with the ./umd file.

const run = promisify(execFile);
const FIXTURES = 'tests/fixtures/package';
const WAIT = { timeout: 20_000 };

let tmp = '';
let tarball: Tarball;
let browser: Browser;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'va-package-'));
  tarball = packTarball(tmp);
  browser = await launchChromium({
    media: 'granted',
    args: ['--autoplay-policy=no-user-gesture-required'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (tmp) {
    rmSync(tmp, { recursive: true, force: true });
  }
});

async function node(cwd: string, script: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return stdout;
}

/**
 * Builds the fixture app in `dir` with Vite, checks the widget's UI stays a lazy chunk, and runs
 * a demo call from the app in Chromium: Talk, the assistant's words, Stop from the app's ref.
 */
async function buildAndTalk(dir: string): Promise<void> {
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { cwd: dir });

  // Before intent the app loads React and the element's loader; the widget's own UI (with the
  // Preact it runs on) is a chunk reached only through the element's dynamic import.
  const manifest = JSON.parse(
    readFileSync(join(dir, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
  const eager = new Set<string>();
  const visit = (key: string) => {
    if (eager.has(key)) {
      return;
    }
    eager.add(key);
    for (const next of manifest[key]?.imports ?? []) {
      visit(next);
    }
  };
  visit('index.html');
  const lazy = Object.keys(manifest).filter((key) => !eager.has(key));
  expect(lazy.some((key) => key.includes('mount-ui'))).toBe(true);
  expect([...eager].some((key) => key.includes('mount-ui'))).toBe(false);

  const site = await startStaticServer({ mounts: { '/': join(dir, 'dist') } });
  try {
    await withPage(browser, async (page) => {
      await page.goto(`${site.url}/`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
      const events = page.getByRole('list', { name: 'Events' });
      await events.getByText('call-start').waitFor(WAIT);
      await events.getByText('transcript assistant').first().waitFor(WAIT);
      await page.getByRole('button', { name: 'End call from the app' }).click();
      await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
      await events.getByText('call-end').waitFor(WAIT);
      const lines = await events.getByRole('listitem').allTextContents();
      expect(lines.slice(0, 3)).toEqual(['state connecting', 'state active', 'call-start']);
      expect(lines).not.toContain(expect.stringMatching(/^error/));
    });
  } finally {
    await site.close();
  }
}

describe('the packed tarball', () => {
  it('ships the built entries and nothing of the sources', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball.path]);
    const files = stdout.split('\n').filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        'package/package.json',
        'package/dist/pkg/index.js',
        'package/dist/pkg/react.d.ts',
        'package/dist/widget/voice-assistant.umd.js',
        'package/dist/widget/custom-elements.json',
      ]),
    );
    expect(files.filter((f) => /^package\/(widget|site|tests|scripts)\//.test(f))).toEqual([]);
  });

  it('passes publint (strict) and Are the Types Wrong (ESM-only profile), offline', async () => {
    // Both read the tarball itself; a warning or a wrong type resolution exits non-zero.
    await Promise.all([
      run(process.execPath, ['node_modules/publint/src/cli.js', 'run', tarball.path, '--strict']),
      run(process.execPath, [
        'node_modules/@arethetypeswrong/cli/dist/index.js',
        tarball.path,
        '--profile',
        'esm-only',
      ]),
    ]);
  }, 120_000);

  it('imports ., ./api and ./call in plain Node and calls the API over loopback', async () => {
    const dir = createProject(join(tmp, 'node'), tarball, {
      links: ['@daily-co/daily-js'],
      copies: { 'check.mjs': join(FIXTURES, 'node-check.mjs') },
    });
    const api = await startTestServer();
    api.handle((request) =>
      request.path === '/assistant'
        ? { body: [{ id: 'a1', name: 'Front desk' }] }
        : { body: { id: 'a1', name: 'Front desk' } },
    );
    try {
      const seen = JSON.parse(await node(dir, 'check.mjs', api.url)) as Record<string, unknown>;
      expect(seen).toMatchObject({
        sameClient: true,
        sameCallClient: true,
        registry: 'undefined',
        listed: [{ id: 'a1', name: 'Front desk' }],
        one: { id: 'a1', name: 'Front desk' },
      });
      expect(seen.rootExports).toEqual(
        expect.arrayContaining(['CallClient', 'VoiceAssistantElement', 'createApiClient']),
      );
      expect(seen.apiExports).toEqual(expect.arrayContaining(['createApiCore', 'callsResource']));
      expect(seen.apiExports).not.toContain('CallClient');
      expect(seen.callExports).toEqual(expect.arrayContaining(['CallClient', 'demoCallOptions']));
      expect(seen.callExports).not.toContain('createApiClient');
      expect(String(seen.umd)).toMatch(/\/dist\/widget\/voice-assistant\.umd\.js$/);
      expect(api.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
        'GET /assistant Bearer test-key',
        'GET /assistant/a1 Bearer test-key',
      ]);
    } finally {
      await api.close();
    }
  });

  it('renders the React component to a string with react-dom/server', async () => {
    const dir = createProject(join(tmp, 'ssr'), tarball, {
      links: ['react', 'react-dom', '@daily-co/daily-js'],
      copies: { 'check.mjs': join(FIXTURES, 'ssr-check.mjs') },
    });
    expect(await node(dir, 'check.mjs')).toBe(
      '<voice-assistant assistant-id="a1" public-key="pk_live" mode="floating" label-idle="Ask us"></voice-assistant>',
    );
  });

  it('type-checks and builds a Vite + React 19 app that talks to the offline demo in Chromium', async () => {
    const dir = createProject(join(tmp, 'react-app'), tarball, {
      links: [
        'react',
        'react-dom',
        '@daily-co/daily-js',
        'vite',
        '@vitejs/plugin-react',
        'typescript',
        '@types/react',
        '@types/react-dom',
      ],
      copies: { '.': join(FIXTURES, 'react-app') },
    });
    // The package's declarations as the app sees them, with full library checking.
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], {
      cwd: dir,
    });
    await buildAndTalk(dir);
  }, 180_000);

  it('renders on the server and talks in Chromium with React 18 too', async () => {
    const react18 = [
      { name: 'react', from: REACT_18_MODULES },
      { name: 'react-dom', from: REACT_18_MODULES },
    ];
    const ssr = createProject(join(tmp, 'ssr-18'), tarball, {
      links: [...react18, '@daily-co/daily-js'],
      copies: {
        'check.mjs': join(FIXTURES, 'ssr-check.mjs'),
        'version.mjs': join(FIXTURES, 'react-version.mjs'),
      },
    });
    expect(await node(ssr, 'version.mjs')).toBe('18.3.1');
    expect(await node(ssr, 'check.mjs')).toBe(
      '<voice-assistant assistant-id="a1" public-key="pk_live" mode="floating" label-idle="Ask us"></voice-assistant>',
    );
    // The same app as above (its types are React 19's, so it is built without tsc).
    const app = createProject(join(tmp, 'react-app-18'), tarball, {
      links: [...react18, '@daily-co/daily-js', 'vite', '@vitejs/plugin-react'],
      copies: { '.': join(FIXTURES, 'react-app') },
    });
    await buildAndTalk(app);
  }, 180_000);

  it('works on a plain HTML page from the ./umd file with SRI and crossorigin', async () => {
    const installed = createProject(join(tmp, 'umd'), tarball, { links: [] });
    const umd = join('node_modules', PACKAGE_NAME, 'dist/widget/voice-assistant.umd.js');
    const integrity = `sha384-${createHash('sha384')
      .update(readFileSync(join(installed, umd)))
      .digest('base64')}`;
    const html = readFileSync(join(FIXTURES, 'umd.html'), 'utf8').replace(
      '<!--umd-script-->',
      `<script src="/${umd}" integrity="${integrity}" crossorigin="anonymous"></script>`,
    );
    const site = await startStaticServer({
      mounts: { '/': installed },
      routes: {
        '/': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
        },
      },
    });
    try {
      await withPage(browser, async (page) => {
        await page.goto(`${site.url}/`);
        expect(
          await page.evaluate(() => typeof (window as { VoiceAssistant?: object }).VoiceAssistant),
        ).toBe('object');
        await page.getByRole('button', { name: 'Talk to Assistant' }).click();
        await page.getByRole('button', { name: 'Stop' }).waitFor(WAIT);
        const events = page.getByRole('list', { name: 'Events' });
        await events.getByText('call-start').waitFor(WAIT);
        await events.getByText('speech-start').waitFor(WAIT);
        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor(WAIT);
      });
    } finally {
      await site.close();
    }
  });
});
