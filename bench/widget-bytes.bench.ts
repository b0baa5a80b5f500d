import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { builtFileSize, startWidgetServer } from '../tests/fixtures/widget/harness.ts';
import { launchChromium, openPage } from '../tests/helpers/chromium.ts';
import type { BenchReport } from './bench-types.ts';
import { kb } from './format-table.ts';
import { widgetBudgets } from './widget-budgets.ts';

// Issue 5: the bytes a host page downloads for the widget, measured from what real Chromium
// requested on a plain embed page: before intent (page load, no hover) and after the click on
// the real call path (React UI, call client, API client, daily-js), plus the demo path and the
// single-file UMD for reference. Sizes are the built files compressed here (gzip -9, brotli 11).

interface Phase {
  files: string[];
  gzip: number;
  brotli: number;
}

function phase(files: string[]): Phase {
  const sizes = files.map(builtFileSize);
  return {
    files,
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
    brotli: sizes.reduce((sum, s) => sum + s.brotli, 0),
  };
}

/** POST /chat/web stand-in for the typed path: a JSON reply (the bytes are the widget's). */
function chatWeb(_req: IncomingMessage, res: ServerResponse): void {
  res
    .writeHead(201, { 'content-type': 'application/json' })
    .end(JSON.stringify({ id: 'chat_bench', output: [{ role: 'assistant', content: 'Hello.' }] }));
}

export default async function widgetBytes(): Promise<BenchReport> {
  const budgets = widgetBudgets();
  const server = await startWidgetServer({}, { '/chat/web': chatWeb });
  const browser = await launchChromium({ media: 'granted' });
  const widgetFiles = () =>
    server.requests.filter((p) => p.startsWith('/widget/')).map((p) => p.slice('/widget/'.length));
  const open = async (file: string): Promise<Page> => {
    const { page } = await openPage(browser);
    server.requests.length = 0;
    await page.goto(`${server.url}/${file}`);
    await page.getByRole('button', { name: 'Talk to Assistant' }).waitFor();
    await page.waitForTimeout(1000);
    return page;
  };
  try {
    const page = await open('plain.html');
    const before = phase(widgetFiles());
    await page.getByRole('button', { name: 'Talk to Assistant' }).click();
    await page.getByText(/could not be reached/).waitFor();
    const after = phase(widgetFiles());
    await page.close();

    // The typed path: Type instead, then one message to POST /chat/web (no call, no daily-js).
    const chatPage = await open('plain.html');
    await chatPage.evaluate(
      (url) => document.getElementById('widget')?.setAttribute('api-base-url', url),
      server.url,
    );
    await chatPage.getByRole('button', { name: 'Talk to Assistant' }).hover();
    await chatPage.getByRole('button', { name: 'Type instead' }).click();
    await chatPage.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await chatPage.getByRole('textbox', { name: 'Message' }).press('Enter');
    await chatPage.getByText('Hello.', { exact: true }).waitFor();
    const chat = phase(widgetFiles());
    await chatPage.close();

    const demoPage = await open('demo.html');
    await demoPage.getByRole('button', { name: 'Talk to Assistant' }).click();
    await demoPage.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    const demo = phase(widgetFiles().filter((f) => f.endsWith('.js')));
    await demoPage.close();
    const umd = phase(['voice-assistant.umd.js']);

    const failures: string[] = [];
    if (before.files.length > budgets.beforeIntentRequests) {
      failures.push(
        `before intent: ${before.files.length} requests > ${budgets.beforeIntentRequests}`,
      );
    }
    if (before.gzip > budgets.beforeIntentGzip) {
      failures.push(`before intent: gzip ${before.gzip} B > ${budgets.beforeIntentGzip} B`);
    }
    if (after.gzip > budgets.afterClickGzip) {
      failures.push(`after the click: gzip ${after.gzip} B > ${budgets.afterClickGzip} B`);
    }
    const row = (name: string, p: Phase, budget: string) => ({
      phase: name,
      requests: p.files.length,
      gzip: kb(p.gzip),
      brotli: kb(p.brotli),
      budget,
      files: p.files
        .map((f) => f.replace(/^chunks\//, '').replace(/-[\w-]{8}\.js$/, ''))
        .join(' + '),
    });
    return {
      title: 'Widget bytes: before intent and after the click',
      rows: [
        row('before intent', before, `≤ ${kb(budgets.beforeIntentGzip)} gzip, 1 request`),
        row('after click (real call)', after, `≤ ${kb(budgets.afterClickGzip)} gzip`),
        row('after Type instead + Send', chat, '(real POST /chat/web, no call)'),
        row('after click (demo mode)', demo, '(scripts only; clips stream separately)'),
        row('UMD, one file', umd, '(self-hosting alternative)'),
      ],
      failures,
      notes: [
        'measured from the requests real Chromium made on tests/fixtures/widget/plain.html and demo.html',
        'for comparison (issue 5): ElevenLabs widget 191 KB before any click, the platform widget 184 KB',
        "daily-js fetches its call engine from Daily's CDN at join; that is Daily's, not counted here",
      ],
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
