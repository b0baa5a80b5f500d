import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

// What each page downloads before its widget is used (docs/behaviour.md#landing). `/` gets React, the site's
// shared modules, its own page and the widget's loader, and none of /embed's configurator;
// /embed gets its configurator and the same loader (for the preview).

const site = siteFixture();

/** Same-origin scripts the page requested, once it has hydrated and the widget has its button. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const before = site.server.requests.length;
  await page.goto(`${site.server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForFunction(
    () => document.querySelector('voice-assistant')?.shadowRoot?.querySelector('button') != null,
  );
  return site.server.requests.slice(before).filter((request) => request.endsWith('.js'));
}

async function sources(paths: string[]): Promise<string[]> {
  return Promise.all(paths.map(async (path) => (await fetch(`${site.server.url}${path}`)).text()));
}

// Text only the configurator carries (one of the code blocks it offers).
const CONFIGURATOR = 'Google Tag Manager';
// Text only the widget's loader carries among what a page loads before intent (its stylesheet).
const LOADER = 'va--floating';
// An attribute of the element's attribute list that the site itself never sets.
const ATTRIBUTE_LIST = 'workflow-id';

describe('scripts before the widget is used', () => {
  it('/ loads no configurator code, and the widget as one loader script', async () => {
    await withPage(site.browser, async (page) => {
      const landing = await scriptsOf(page, '/');
      const landingCode = await sources(landing);
      expect(landingCode.filter((code) => code.includes(CONFIGURATOR))).toEqual([]);
      // The loader is one script that carries the attribute list itself, not the loader plus a
      // part split off because /embed reads that list too.
      expect(landingCode.filter((code) => code.includes(LOADER))).toHaveLength(1);
      expect(landingCode.filter((code) => code.includes(ATTRIBUTE_LIST))).toHaveLength(1);
      expect(landingCode.find((code) => code.includes(LOADER))).toContain(ATTRIBUTE_LIST);

      const embed = await scriptsOf(page, '/embed');
      const embedCode = await sources(embed);
      expect(embedCode.filter((code) => code.includes(CONFIGURATOR))).toHaveLength(1);
      // The same loader file serves both pages (cached, not built twice).
      const loaderOf = (paths: string[], code: string[]) =>
        paths.filter((_, i) => code[i]?.includes(LOADER));
      expect(loaderOf(embed, embedCode)).toEqual(loaderOf(landing, landingCode));
    });
  });

  it('/ downloads nothing but its one entry script before the browser has reported the first paint', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        return {
          paint,
          early: performance
            .getEntriesByType('resource')
            .filter(
              (entry) =>
                entry.name.endsWith('.js') &&
                (entry as PerformanceResourceTiming).fetchStart < paint,
            )
            .map((entry) => new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, '')),
        };
      });
      expect(timing.paint).toBeGreaterThan(0);
      // React, the page's chunk and the widget would each be a download the paint could wait for.
      expect(timing.early).toEqual(['/assets/site-entry']);
    });
  });
});
