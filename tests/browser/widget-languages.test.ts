import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { es } from '../../widget/element/i18n/es.ts';
import { fr } from '../../widget/element/i18n/fr.ts';
import { builtChunk, widgetServerOptions } from '../fixtures/widget/harness.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserFixture } from '../helpers/browser-fixture.ts';
import { withPage } from '../helpers/chromium.ts';

// Languages (docs/behaviour.md#languages), on the BUILT widget: the idle label is in
// the visitor's language from the first paint (before any UI code loads), the `lang` of the
// page applies without an attribute, only the chosen language's texts are fetched, and Arabic
// mirrors the panel but not the wave. axe is clean in each, right to left included.

const WAIT = { timeout: 10_000 };

const env = browserFixture({ launch: { media: 'granted' }, serve: widgetServerOptions() });

function widgetRequests(): string[] {
  return env.server.requests.filter((path) => path.startsWith('/widget/'));
}

function buttonLabel(page: Page): Promise<string | null | undefined> {
  return page.evaluate(
    () =>
      document.getElementById('widget')?.shadowRoot?.querySelector('button.button')?.textContent,
  );
}

describe('languages', () => {
  it('lang="es": Spanish from the first paint, then only the Spanish texts load', async () => {
    await withPage(env.browser, async (page) => {
      env.server.requests.length = 0;
      await page.goto(`${env.server.url}/access-lang-es.html`);
      await expect.poll(() => buttonLabel(page)).toBe('Hablar con el asistente');
      // Painted by the loader alone: no UI chunk has been fetched yet.
      expect(widgetRequests()).toEqual(['/widget/voice-assistant.js']);
      expect(
        await page.evaluate(() =>
          document.getElementById('widget')?.shadowRoot?.querySelector('.va')?.getAttribute('lang'),
        ),
      ).toBe('es');

      // Type instead is in the loader's first paint too, in the element's language, and so is
      // the demo badge, short: the demo's voice is English.
      expect(await page.getByRole('button', { name: es.typeInstead }).isVisible()).toBe(true);
      expect(await page.getByText('Demo · EN', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Hablar con el asistente' }).hover();
      // The UI took over once the badge says it in full ("Demo · voz en inglés").
      await page.getByText(es.demoBadge).waitFor(WAIT);
      const chunks = widgetRequests().map((path) => path.replace('/widget/', ''));
      expect(chunks).toContain(builtChunk('es'));
      for (const other of ['en', 'fr', 'de', 'pt', 'zh', 'ar']) {
        expect(chunks).not.toContain(builtChunk(other));
      }
      expect(await page.getByText(es.demoBadge).isVisible()).toBe(true);
      await page.getByRole('button', { name: es.typeInstead }).click();
      await page.getByRole('textbox', { name: es.messageTo('Asistente') }).waitFor(WAIT);
      await page.getByRole('button', { name: es.send }).waitFor(WAIT);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('<html lang="fr"> without an attribute: French (UMD)', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/access-lang-fr.html`);
      await expect.poll(() => buttonLabel(page)).toBe(fr.labels.idle);
      await page.getByRole('button', { name: fr.labels.idle }).hover();
      await page.getByRole('button', { name: fr.typeInstead }).waitFor(WAIT);
      expect(await page.getByText(fr.demoBadge).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('lang="ar": the panel and the consent dialog mirror, the wave does not', async () => {
    await withPage(env.browser, async (page) => {
      await page.goto(`${env.server.url}/access-lang-ar.html`);
      await expect.poll(() => buttonLabel(page)).toBe('تحدّث مع المساعد');
      await page.getByRole('button', { name: 'تحدّث مع المساعد' }).click();
      await page.getByRole('dialog', { name: 'قبل أن نبدأ' }).waitFor(WAIT);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'أوافق' }).click();
      // The panel's title names the assistant ("Talk to Assistant" in Arabic).
      await page.getByRole('dialog', { name: 'تحدّث مع المساعد' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'إنهاء' }).waitFor({ timeout: 20_000 });
      const layout = await page.evaluate(() => {
        const root = document.getElementById('widget')?.shadowRoot;
        const panel = root?.querySelector('.panel');
        const title = root?.querySelector('.panel-title')?.getBoundingClientRect();
        const close = root?.querySelector('.close')?.getBoundingClientRect();
        const wave = root?.querySelector('canvas');
        return {
          panel: panel ? getComputedStyle(panel).direction : null,
          wave: wave ? getComputedStyle(wave).direction : null,
          closeIsLeftOfTitle: !!title && !!close && close.right <= title.left,
        };
      });
      expect(layout).toEqual({ panel: 'rtl', wave: 'ltr', closeIsLeftOfTitle: true });
      await page.getByRole('button', { name: 'الكتابة بدلًا من ذلك' }).click();
      await page.getByRole('textbox', { name: /^رسالة إلى / }).waitFor(WAIT);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'إنهاء' }).click();
    });
  });
});
