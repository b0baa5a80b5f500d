import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteFixture } from '../fixtures/site/harness.ts';
import { withPage } from '../helpers/chromium.ts';

// The assistant's and the brokerage's names are set once, in assistant.config.json
// (docs/marketers.md), and every place the visitor meets them says the same.

const { assistantName, brokerageName } = JSON.parse(
  readFileSync('assistant.config.json', 'utf8'),
) as { assistantName: string; brokerageName: string };
const TALK = `Talk to ${assistantName}`;

const site = siteFixture();

describe('one name, set in assistant.config.json', () => {
  it('on /: the hero button, the hero chat, the launcher and the panel title agree', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      const hero = page.locator('section.hero');
      expect(await hero.getByRole('button', { name: TALK }).count()).toBe(1);
      const chat = page.locator('figure.chat');
      expect(await chat.locator('.chat-name').textContent()).toBe(
        `${assistantName}, sample conversation`,
      );
      expect(await chat.locator('.chat-role').textContent()).toContain(brokerageName);
      expect(await chat.locator('.chat-log').textContent()).toContain(`I’m ${assistantName}`);

      const widget = page.locator('voice-assistant');
      expect(await widget.getAttribute('assistant-name')).toBe(assistantName);
      const launcher = widget.getByRole('button', { name: TALK });
      await launcher.click();
      await widget
        .getByRole('dialog', { name: 'Before we start' })
        .getByRole('button', { name: 'Agree' })
        .click();
      await expect
        .poll(() => widget.getByRole('dialog', { name: TALK }).isVisible(), { timeout: 15_000 })
        .toBe(true);
    });
  });

  it('the built site carries the two names and nothing else of that file (no agent’s email or phone)', () => {
    const files = readdirSync('dist/site', { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(js|html)$/.test(f),
    );
    const built = files.map((f) => readFileSync(join('dist/site', f), 'utf8')).join('\n');
    expect(built).toContain(assistantName);
    expect(built).not.toContain('@maple-ridge.example');
    expect(built).not.toContain('604 555 0101');
  });

  it('on /assistant: the brand links back to the site, with whose assistant this is', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/assistant?assistantId=demo`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const home = page.getByRole('link', { name: 'Hearthline AI: back to the site' });
      await home.waitFor();
      expect(await home.isVisible()).toBe(true);
      expect(await home.getAttribute('href')).toBe('/');
      expect(await page.getByText(`${assistantName} · ${brokerageName}`).isVisible()).toBe(true);
      await page.getByRole('button', { name: TALK }).waitFor();
      await home.click();
      await page.waitForURL(`${site.server.url}/`);
    });
  });
});
