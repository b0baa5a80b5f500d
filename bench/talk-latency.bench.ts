import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import ts from 'typescript';
import { startWidgetServer } from '../tests/fixtures/widget/harness.ts';
import { launchChromium, openPage } from '../tests/helpers/chromium.ts';
import type { RouteHandler } from '../tests/helpers/static-server.ts';
import type { BenchReport } from './bench-types.ts';
import { startLoopbackApi } from './loopback-api.ts';
import type { TalkStamps } from './talk-latency-probe.ts';
import { median } from './widget-budgets.ts';

// Issue 10: our part of the time from Talk to listening, on a 4x-throttled CPU (CDP
// Emulation.setCPUThrottlingRate). The network and the room library's download are not ours;
// everything between them is. Each run is a fresh page with the built loader: hover (the UI
// chunk loads on intent, as it does before any real click), click Talk, and the page's own
// clock stamps each step (bench/talk-latency-probe.ts):
// - click -> POST /call/web leaving (fetch invoked): the microphone preflight (issue 4: no web
//   call before the microphone works) and the API client, loaded at the first start;
// - POST response (fetch resolved) -> join() called: body, room object, stages before join;
// - `listening` -> the first frame after the label became Stop, as frames at 60 Hz. The label
//   follows `connected`, so `listening` is sent in the task that completes the join, before the
//   client is connected: the rest of the start, the render and the frame are all measured.
// The web call goes to a real HTTP server on 127.0.0.1 that answers at once; only the room is
// faked. The budgets apply to that first start; a second start on the same page after a clean
// Stop is printed beside it (everything loaded and compiled), which shows what the first start
// pays once. Waits are on page state, never on wall-clock sleeps; figures are wall time, so a
// loaded machine inflates them (the load average is printed).

const RUNS = 15;
const THROTTLE = 4;
const FRAME_MS = 1000 / 60;
const RUN_TIMEOUT_MS = 30_000;
const PROBE = 'bench/talk-latency-probe.ts';
const PROBE_MODULES = [PROBE, 'tests/helpers/fake-daily.ts'];

/** The goals of bench/budgets.json "talk". */
interface TalkBudgets {
  clickToRequestMs: number;
  responseToJoinMs: number;
  listeningToStopFrames: number;
}

interface RunFigures {
  clickToRequest: number;
  responseToJoin: number;
  listeningToStop: number;
  /** The first figure without the wait inside the browser's getUserMedia(). */
  ours: number;
  /** Where the first figure goes: click to getUserMedia, the preflight, grant to request. */
  clickToMic: number;
  micPreflight: number;
  micToRequest: number;
  /** The API client chunk's bytes arriving, after the click. */
  clickToApiChunk: number;
}

interface PageFigures {
  first: RunFigures;
  second: RunFigures;
}

function talkBudgets(): TalkBudgets {
  const all = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { talk: TalkBudgets };
  return all.talk;
}

function typescriptRoute(path: string): RouteHandler {
  return (_req, res) => {
    const output = ts.transpileModule(readFileSync(path, 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(output);
  };
}

function pageRoute(apiBaseUrl: string): RouteHandler {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Talk latency bench</title>
    <link rel="icon" href="/favicon.svg" />
    <script type="module" src="/widget/voice-assistant.js"></script>
    <script type="module" src="/${PROBE}"></script>
  </head>
  <body>
    <main>
      <h1>Talk latency</h1>
      <voice-assistant assistant-id="asst_bench" public-key="pk_bench" api-base-url="${apiBaseUrl}"></voice-assistant>
    </main>
  </body>
</html>`;
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
}

/** Clicks `button` with the probe armed and returns the stamps of that start. */
async function timeStart(page: Page, button: Locator): Promise<TalkStamps> {
  await page.evaluate(() => window.talkProbe.arm());
  await button.click();
  return page.evaluate(
    (timeout) =>
      Promise.race([
        window.talkProbe.result ?? Promise.reject(new Error('the probe was not armed')),
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`no Stop: ${JSON.stringify(window.talkProbe.stamps)}`)),
            timeout,
          ),
        ),
      ]),
    RUN_TIMEOUT_MS,
  );
}

/**
 * One fresh page: hover, wait for the UI chunk, time the first start; then Stop, wait for the
 * idle button, and time a second start on the same page (code and chunks already loaded).
 */
async function measurePage(browser: Browser, url: string): Promise<PageFigures> {
  const { page, problems } = await openPage(browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(url);
    const talk = page.getByRole('button', { name: 'Talk to Assistant' });
    await talk.hover();
    await page.evaluate(() => window.talkProbe.uiMounted);
    const first = await timeStart(page, talk);
    await page.getByRole('button', { name: 'Stop' }).click();
    await talk.waitFor();
    const second = await timeStart(page, talk);
    problems.assertNone();
    return { first: figures(first), second: figures(second) };
  } finally {
    await page.close();
  }
}

function figures(s: TalkStamps): RunFigures {
  return {
    clickToRequest: s.requestSent - s.click,
    responseToJoin: s.joinCalled - s.responseArrived,
    listeningToStop: s.stopPainted - s.listening,
    ours: s.requestSent - s.click - ((s.micGranted ?? Number.NaN) - (s.micRequested ?? Number.NaN)),
    clickToMic: (s.micRequested ?? Number.NaN) - s.click,
    micPreflight: (s.micGranted ?? Number.NaN) - (s.micRequested ?? Number.NaN),
    micToRequest: s.requestSent - (s.micGranted ?? Number.NaN),
    clickToApiChunk: (s.apiChunkLoaded ?? Number.NaN) - s.click,
  };
}

/** Median, min and max of one figure over the runs (divided by `scale`). */
function spread(values: number[], digits: number, scale = 1): Record<string, string> {
  const fmt = (v: number) => (Number.isNaN(v) ? '-' : (v / scale).toFixed(digits));
  return {
    median: fmt(median(values)),
    min: fmt(Math.min(...values)),
    max: fmt(Math.max(...values)),
  };
}

type Figure = keyof RunFigures;

/** The table: each figure for the first start on a fresh page, and the second's median. */
const ROWS: ReadonlyArray<{ step: string; key: Figure; frames?: true; goal?: keyof TalkBudgets }> =
  [
    { step: 'Talk click -> POST /call/web leaves', key: 'clickToRequest' },
    // The goal is on our part: the wait inside getUserMedia() is the browser's (its device and
    // permission), and the microphone must be checked before a web call is created, so a
    // denied microphone never costs a call (docs/behaviour.md#errors).
    {
      step: '  ours: without the wait inside getUserMedia()',
      key: 'ours',
      goal: 'clickToRequestMs',
    },
    { step: '  of which: click -> getUserMedia() called', key: 'clickToMic' },
    { step: "  of which: the browser's microphone preflight", key: 'micPreflight' },
    { step: '  of which: microphone granted -> POST leaves', key: 'micToRequest' },
    { step: '  (API client chunk bytes in, after the click)', key: 'clickToApiChunk' },
    { step: 'POST response -> join() called', key: 'responseToJoin', goal: 'responseToJoinMs' },
    { step: 'listening -> Stop painted', key: 'listeningToStop' },
    {
      step: 'listening -> Stop painted',
      key: 'listeningToStop',
      frames: true,
      goal: 'listeningToStopFrames',
    },
  ];

export default async function talkLatency(): Promise<BenchReport> {
  const budgets = talkBudgets();
  const api = await startLoopbackApi();
  const server = await startWidgetServer(
    {},
    {
      '/talk-latency.html': pageRoute(api.url),
      ...Object.fromEntries(PROBE_MODULES.map((path) => [`/${path}`, typescriptRoute(path)])),
    },
  );
  const browser = await launchChromium({ media: 'granted' });
  try {
    const url = `${server.url}/talk-latency.html`;
    await measurePage(browser, url); // warm-up: the renderer's first launch, not measured
    const pages: PageFigures[] = [];
    for (let i = 0; i < RUNS; i++) {
      pages.push(await measurePage(browser, url));
    }
    const first = (key: Figure) => pages.map((p) => p.first[key]);
    const second = (key: Figure) => pages.map((p) => p.second[key]);
    const figure = {
      clickToRequestMs: median(first('ours')),
      responseToJoinMs: median(first('responseToJoin')),
      listeningToStopFrames: median(first('listeningToStop')) / FRAME_MS,
    };
    const failures = ROWS.flatMap(({ step, goal, frames }) =>
      goal && figure[goal] > budgets[goal]
        ? [
            `${step}: ${figure[goal].toFixed(frames ? 2 : 1)} ${frames ? 'frames' : 'ms'} > ${budgets[goal]}`,
          ]
        : [],
    );
    return {
      title: `Talk to listening, our part (CPU throttled ${THROTTLE}x, median of ${RUNS} fresh pages)`,
      rows: ROWS.map(({ step, key, frames, goal }) => {
        const scale = frames ? FRAME_MS : 1;
        const digits = frames ? 2 : 1;
        return {
          step,
          unit: frames ? 'frames @ 60 Hz' : 'ms',
          ...spread(first(key), digits, scale),
          '2nd call median': spread(second(key), digits, scale).median ?? '-',
          goal: goal ? `≤ ${budgets[goal]}` : '-',
        };
      }),
      failures,
      notes: [
        `first start on a fresh page (the budgets), then Stop and a second start on the same page; one warm-up page first; ${api.webCalls} web calls answered by 127.0.0.1`,
        'in-page performance.now() stamps; the UI chunk is loaded by the hover before the click, the API client at the first start, as on a real page',
        '"ours" leaves out the time getUserMedia() was pending: the fake device and the permission are the browser\'s (issue 4: no web call is created before the microphone works)',
        `machine load average during the run: ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores; budgets: bench/budgets.json "talk"`,
      ],
    };
  } finally {
    await browser.close();
    await server.close();
    await api.close();
  }
}
