import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STAND_IN_PATH } from '../../site/config.ts';
import { createLeadStandIn } from '../../site/server/lead-stand-in.ts';
import {
  agreeToConsent,
  DEMO_PATH,
  openDemoPage,
  recordedEvents,
} from '../fixtures/demo/demo-page.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { type StaticServer, startStaticServer } from '../helpers/static-server.ts';

// Issue 13 §4, "Typed chat can reach the same outcome", in real Chromium on the built site's demo
// page with the microphone denied: the visitor only types, books 2 PM and gives a name and a
// phone number; the offline demo calls `request_viewing` and `capture_lead` through the same lead
// wiring as a call, and the site's lead stand-in writes them to a JSON-lines file.

const WAIT = { timeout: 15_000 };

let browser: Browser;
let server: StaticServer;
let dir: string;
let leadsFile: string;

function lines(): Array<Record<string, unknown>> {
  try {
    return readFileSync(leadsFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch {
    return [];
  }
}

function logText(page: Page): Promise<string> {
  return page
    .locator('voice-assistant')
    .evaluate((host) => host.shadowRoot?.querySelector('[role="log"]')?.textContent ?? '');
}

async function typeAndSend(page: Page, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Message' });
  await field.fill(text);
  await field.press('Enter');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-chat-demo-'));
  leadsFile = join(dir, 'leads.jsonl');
  const standIn = createLeadStandIn({ file: leadsFile });
  server = await startStaticServer({
    mounts: { '/': 'dist/site' },
    fallback: 'dist/site/index.html',
    routes: { [LEAD_STAND_IN_PATH]: standIn.handle },
  });
  browser = await launchChromium({ media: 'denied' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline demo’s lead path, typed only (real Chromium, built site, microphone denied)', () => {
  it('books 2 PM with a name and phone: one lead and one viewing request, one lead event, a confirmation', async () => {
    await withPage(browser, async (page) => {
      await page.addInitScript(() => {
        const seen: Array<{ type: string; detail: unknown }> = [];
        (window as unknown as { leadEvents: typeof seen }).leadEvents = seen;
        for (const type of ['voice-assistant:lead', 'voice-assistant:viewing-request']) {
          document.addEventListener(type, (event) => {
            seen.push({ type, detail: (event as CustomEvent).detail });
          });
        }
      });
      await openDemoPage(page, `${server.url}${DEMO_PATH}`);
      await page.getByRole('button', { name: 'Talk to Assistant' }).click();
      await agreeToConsent(page);
      await page.getByRole('button', { name: 'Type instead' }).click();

      await typeAndSend(page, 'Can I book 2 PM on Saturday?');
      await expect.poll(() => logText(page), WAIT).toContain('booked for Saturday at 2:00 PM');
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('What name and phone number or email should Daniel use to confirm?');
      expect(lines()).toEqual([]);

      await typeAndSend(page, 'I’m Sam Rivera, text me at 604 555 0134');
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('Thanks, Sam Rivera. I’ve passed your details to Daniel');
      await expect.poll(() => lines().length, WAIT).toBe(2);
      expect(
        lines()
          .map((line) => line.kind)
          .sort(),
      ).toEqual(['lead', 'viewing-request']);
      const lead = lines().find((line) => line.kind === 'lead');
      expect(lead).toMatchObject({
        fields: { name: 'Sam Rivera', intent: 'buy', consentToContact: true },
      });
      expect(String(lead?.conversationId)).toMatch(/^demo-chat-/);
      const viewing = lines().find((line) => line.kind === 'viewing-request');
      expect(viewing).toMatchObject({ fields: { preferredTimes: ['Saturday 2:00 PM'] } });

      // More typing books nothing twice.
      await typeAndSend(page, 'Book 2 PM please');
      await expect
        .poll(() => logText(page), WAIT)
        .toContain('You’re already booked for Saturday at 2:00 PM.');
      const events = await page.evaluate(
        () => (window as unknown as { leadEvents: Array<{ type: string }> }).leadEvents,
      );
      expect(events.filter((e) => e.type === 'voice-assistant:lead')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'voice-assistant:viewing-request')).toHaveLength(1);
      expect(lines()).toHaveLength(2);
      // The visitor never spoke: no call started, the only error is the denied microphone.
      const recorded = await recordedEvents(page);
      expect(recorded.some((e) => e.name === 'call-start')).toBe(false);
      expect(
        recorded.filter((e) => e.name === 'error').map((e) => (e.detail as { code: string }).code),
      ).toEqual(['microphone-denied']);
    });
  });
});
