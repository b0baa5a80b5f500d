import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { startWidgetServer } from '../tests/fixtures/widget/harness.ts';
import { launchChromium, openPage } from '../tests/helpers/chromium.ts';
import { startLoopbackApi } from './loopback-api.ts';

const PROBE_MODULES = ['bench/talk-latency-probe.ts', 'tests/helpers/fake-daily.ts'];
const api = await startLoopbackApi();
const html = readFileSync('/tmp/page.html', 'utf8').replace('API', api.url);
const server = await startWidgetServer({}, {
  '/talk-latency.html': (_q, r) => { r.writeHead(200, { 'content-type': 'text/html' }).end(html); },
  ...Object.fromEntries(PROBE_MODULES.map((p) => [`/${p}`, (_q: unknown, r: import('node:http').ServerResponse) => {
    r.writeHead(200, { 'content-type': 'text/javascript' }).end(ts.transpileModule(readFileSync(p, 'utf8'), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText);
  }])),
});
const browser = await launchChromium({ media: 'granted' });
for (let i = 0; i < Number(process.env.N ?? 3); i++) {
  const { page } = await openPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${server.url}/talk-latency.html`);
  const talk = page.getByRole('button', { name: 'Talk to Assistant' });
  await talk.hover();
  await page.evaluate(() => window.talkProbe.uiMounted);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'v8', 'blink', 'loading', 'toplevel'] });
  await talk.click();
  const stamps = await page.evaluate(() => window.talkProbe.done);
  const buf = await browser.stopTracing();
  writeFileSync(`/tmp/trace-${i}.json`, buf);
  console.log(JSON.stringify(Object.fromEntries(Object.entries(stamps).map(([k, v]) => [k, Math.round(((v as number) - stamps.click) * 10) / 10]))));
  await page.close();
}
await browser.close(); await server.close(); await api.close();
