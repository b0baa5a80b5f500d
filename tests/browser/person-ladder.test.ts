import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWidgetServer } from '../fixtures/widget/harness.ts';
import { FRIDAY_7PM, FRIDAY_10AM, OFFICE_HOURS } from '../fixtures/widget/office-hours.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, withPage } from '../helpers/chromium.ts';
import { boxSentence } from '../helpers/contact-card.ts';
import { LeadReceiver } from '../helpers/lead-receiver.ts';
import type { StaticServer } from '../helpers/static-server.ts';

/**
 * "Talk to a person" in the built widget, in real Chromium (issue 29 §2): the floating panel's
 * button opens the ladder; inside office hours "Call me now" posts an urgent callback to the lead
 * endpoint, outside them "Call me back" offers the next openings; without an endpoint the office's
 * number is the ladder. Axe-clean in each state, keyboard only.
 */

const HOURS = JSON.stringify(OFFICE_HOURS);

const FAKE_CALL = '<script type="module" src="/tests/fixtures/widget/fake-call.ts"></script>';

function page(widget: string): (req: IncomingMessage, res: ServerResponse) => void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Listing</title>
<link rel="icon" href="/favicon.svg">
<script type="module" src="/widget/voice-assistant.js"></script>${FAKE_CALL}
</head><body><main><h1>14 Linden Court</h1>${widget}</main></body></html>`;
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
}

const WIDGET = `mode="floating" assistant-id="asst_1" agent-name="Daniel Okafor" listing-address="14 Linden Court" brokerage="Maple Ridge Realty" office-phone="604-555-0100" office-hours='${HOURS}'`;

let browser: Browser;
let server: StaticServer;
let receiver = new LeadReceiver();

beforeAll(async () => {
  server = await startWidgetServer(
    {},
    {
      '/ladder.html': page(
        `<voice-assistant ${WIDGET} lead-endpoint="/forms/lead"></voice-assistant>`,
      ),
      '/ladder-phone-only.html': page(`<voice-assistant ${WIDGET}></voice-assistant>`),
      '/ladder-es.html': page(
        `<voice-assistant ${WIDGET} lang="es" lead-endpoint="/forms/lead"></voice-assistant>`,
      ),
      '/forms/lead': (req, res) => receiver.handle(req, res),
    },
  );
  browser = await launchChromium({ media: 'granted' });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(() => {
  receiver = new LeadReceiver();
});

/** The buttons' names in English, and in Spanish for the page in Spanish. */
const ENGLISH = { talk: 'Talk to Assistant', person: 'Talk to a person' };

/** Opens the panel (a fake call starts) and the ladder, by keyboard; returns the dialog. */
async function openLadder(p: Page, at: Date, path = '/ladder.html', names = ENGLISH) {
  await p.clock.setFixedTime(at);
  await p.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { callbacks: unknown[] }).callbacks = seen;
    document.addEventListener('voice-assistant:callback', (event) => seen.push(event.detail));
  });
  await p.goto(`${server.url}${path}`);
  await p.getByRole('button', { name: names.talk }).click();
  const person = p.getByRole('button', { name: names.person });
  await person.focus();
  await p.keyboard.press('Enter');
  const ladder = p.getByRole('dialog', { name: names.person });
  await ladder.waitFor();
  return ladder;
}

const callbacks = (p: Page) =>
  p.evaluate(() => (window as unknown as { callbacks: Record<string, unknown>[] }).callbacks);

describe('Talk to a person (real Chromium)', () => {
  it('inside office hours: Call me now, then who calls and the office’s number', async () => {
    await withPage(browser, async (p) => {
      const ladder = await openLadder(p, FRIDAY_10AM);
      expect(await ladder.getByRole('checkbox').isChecked()).toBe(false);
      expect(await axeViolations(p)).toEqual([]);
      await p.keyboard.press('Tab');
      await p.keyboard.type('Sam Rivera');
      await p.keyboard.press('Tab');
      await p.keyboard.type('604-555-0134');
      await p.keyboard.press('Tab');
      await p.keyboard.press('Space');
      await ladder.getByRole('button', { name: 'Call me now' }).press('Enter');
      await expect
        .poll(() => ladder.getByRole('status').textContent())
        .toBe('Daniel will call you in the next few minutes.');
      const link = ladder.getByRole('link', { name: '604-555-0100' });
      expect(await link.getAttribute('href')).toBe('tel:6045550100');
      await expect.poll(() => receiver.captures.length).toBe(1);
      expect(receiver.captures[0]).toMatchObject({
        kind: 'callback',
        urgent: true,
        requestedTime: null,
        fields: { name: 'Sam Rivera', phone: '604-555-0134', consentToContact: true },
        contactConsent: { text: boxSentence('604-555-0134') },
        listing: { address: '14 Linden Court', agentName: 'Daniel Okafor' },
      });
      expect(await callbacks(p)).toEqual([receiver.captures[0]]);
      expect(await axeViolations(p)).toEqual([]);
      await p.keyboard.press('Escape');
      await ladder.waitFor({ state: 'detached' });
      // Focus goes back to the button that opened it.
      await expect
        .poll(() =>
          p.evaluate(
            () => document.querySelector('voice-assistant')?.shadowRoot?.activeElement?.textContent,
          ),
        )
        .toBe('Talk to a person');
    });
  });

  it('outside office hours: says when the office opens and calls back at the time picked', async () => {
    await withPage(browser, async (p) => {
      const ladder = await openLadder(p, FRIDAY_7PM);
      expect(await ladder.textContent()).toContain(
        'The office is closed. It opens Saturday, November 28',
      );
      const times = ladder.getByRole('group', { name: 'When should we call?' }).getByRole('radio');
      expect(await times.count()).toBe(3);
      expect(await axeViolations(p)).toEqual([]);
      await ladder.getByRole('radio', { name: /Monday, November 30/ }).check();
      await ladder.getByRole('textbox', { name: 'Phone' }).fill('604-555-0134');
      await ladder.getByRole('button', { name: 'Call me back' }).click();
      await expect.poll(() => receiver.captures.length).toBe(1);
      expect(receiver.captures[0]).toMatchObject({
        kind: 'callback',
        urgent: false,
        requestedTime: '2026-11-30T15:00:00.000Z',
        fields: { phone: '604-555-0134', consentToContact: false },
      });
      expect(receiver.captures[0]).not.toHaveProperty('contactConsent');
      expect(await ladder.getByRole('status').textContent()).toContain(
        'We will call you Monday, November 30',
      );
    });
  });

  it('without a lead endpoint: the office’s tel: link only, and the event says so', async () => {
    await withPage(browser, async (p) => {
      const ladder = await openLadder(p, FRIDAY_10AM, '/ladder-phone-only.html');
      expect(await ladder.getByRole('textbox').count()).toBe(0);
      expect(await ladder.getByRole('link', { name: '604-555-0100' }).getAttribute('href')).toBe(
        'tel:6045550100',
      );
      expect(await callbacks(p)).toEqual([
        expect.objectContaining({ kind: 'callback', fields: null, officePhone: '604-555-0100' }),
      ]);
      expect(await axeViolations(p)).toEqual([]);
      await ladder.getByRole('button', { name: 'Close' }).click();
      await ladder.waitFor({ state: 'detached' });
      expect(receiver.captures).toEqual([]);
    });
  });

  it('in Spanish: the dialog, its openings and the confirmation follow the element’s language', async () => {
    await withPage(browser, async (p) => {
      const ladder = await openLadder(p, FRIDAY_7PM, '/ladder-es.html', {
        talk: 'Hablar con el asistente',
        person: 'Hablar con una persona',
      });
      expect(
        await ladder.evaluate((dialog) => dialog.closest('[lang]')?.getAttribute('lang')),
      ).toBe('es');
      expect(await ladder.textContent()).toContain(
        'La oficina está cerrada. Abre el sábado, 28 de noviembre',
      );
      const times = ladder.getByRole('group', { name: '¿Cuándo te llamamos?' }).getByRole('radio');
      expect(await times.count()).toBe(3);
      // The box's sentence is the evidence kept, worded by the brokerage: English, marked so.
      expect(await ladder.locator('.contact-box [lang="en"]').count()).toBe(1);
      expect(await axeViolations(p)).toEqual([]);
      await ladder.getByRole('radio', { name: /lunes, 30 de noviembre/ }).check();
      await ladder.getByRole('textbox', { name: 'Teléfono' }).fill('604-555-0134');
      await ladder.getByRole('button', { name: 'Llámame más tarde' }).click();
      await expect.poll(() => receiver.captures.length).toBe(1);
      expect(receiver.captures[0]).toMatchObject({
        kind: 'callback',
        requestedTime: '2026-11-30T15:00:00.000Z',
      });
      expect(await ladder.getByRole('status').textContent()).toContain(
        'Te llamaremos el lunes, 30 de noviembre',
      );
      await ladder.getByRole('button', { name: 'Cerrar' }).click();
      await ladder.waitFor({ state: 'detached' });
    });
  });
});
