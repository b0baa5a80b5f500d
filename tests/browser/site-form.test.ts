import type { Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_VISITOR, fillContactForm, siteFixture } from '../fixtures/site/harness.ts';
import { openPage, withPage } from '../helpers/chromium.ts';

const site = siteFixture();

let already = 0;
beforeEach(() => {
  already = site.submissions().length;
});

const newSubmissions = () => site.submissions().slice(already);

async function openContact(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site.server.url}/`);
  await page.locator('#contact').scrollIntoViewIfNeeded();
}

async function formValues(page: Page): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of Object.keys(CONTACT_VISITOR)) {
    values[label] = await page.getByLabel(label, { exact: true }).inputValue();
  }
  return values;
}

/** Counts the POSTs the page sends to the form endpoint. */
function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/forms/contact') {
      posts.push(req);
    }
  });
  return posts;
}

const status = (page: Page) => page.getByRole('status');
const send = (page: Page) => page.getByRole('button', { name: 'Send Message' });

describe('contact form', () => {
  it('has the five required fields with native types and a 4-row message', async () => {
    await withPage(site.browser, async (page) => {
      await openContact(page);
      const fields = await page.$$eval('form.contact-form [name]', (els) =>
        els.map((el) => ({
          name: el.getAttribute('name'),
          type: el.getAttribute('type') ?? el.tagName.toLowerCase(),
          required: (el as HTMLInputElement).required,
          rows: el.getAttribute('rows'),
        })),
      );
      expect(fields).toEqual([
        { name: 'name', type: 'text', required: true, rows: null },
        { name: 'email', type: 'email', required: true, rows: null },
        { name: 'phone', type: 'tel', required: true, rows: null },
        { name: 'company', type: 'text', required: true, rows: null },
        { name: 'message', type: 'textarea', required: true, rows: '4' },
        { name: '_gotcha', type: 'text', required: false, rows: null },
      ]);
      const form = page.locator('form.contact-form');
      expect(await form.getAttribute('method')).toBe('POST');
      expect(await form.getAttribute('action')).toBe('/forms/contact');
      expect(await form.getAttribute('novalidate')).toBeNull();
    });
  });

  it('without JavaScript posts natively and lands on the service’s thank-you page', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const { page, problems } = await openPage(context);
      await openContact(page);
      expect(
        await page
          .locator('.feature-card')
          .first()
          .evaluate((el) => getComputedStyle(el).opacity),
      ).toBe('1');
      await send(page).click();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(newSubmissions()).toHaveLength(0);

      await fillContactForm(page, CONTACT_VISITOR);
      await Promise.all([page.waitForURL('**/forms/contact/thanks'), send(page).click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you!');
      expect(newSubmissions()).toEqual([
        expect.objectContaining({
          name: CONTACT_VISITOR.Name,
          email: CONTACT_VISITOR.Email,
          phone: CONTACT_VISITOR.Phone,
          company: CONTACT_VISITOR['Company / Brokerage'],
          message: CONTACT_VISITOR.Message,
        }),
      ]);
      problems.assertNone();
    } finally {
      await context.close();
    }
  });

  it('leaves empty required fields to the browser’s own validation', async () => {
    await withPage(site.browser, async (page) => {
      await openContact(page);
      const posts = recordPosts(page);
      await send(page).click();
      const name = page.getByLabel('Name', { exact: true });
      expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
      expect(await name.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      expect(posts).toHaveLength(0);
    });
  });

  it('sends with fetch and Accept: application/json, shows success inline and clears the form', async () => {
    await withPage(site.browser, async (page) => {
      await openContact(page);
      const posts = recordPosts(page);
      await fillContactForm(page, CONTACT_VISITOR);
      await send(page).click();
      await expect
        .poll(() => status(page).textContent())
        .toContain('Thank you! Your message is on its way.');
      expect(await status(page).getAttribute('aria-live')).toBe('polite');
      expect(posts).toHaveLength(1);
      expect(posts[0]?.headers().accept).toBe('application/json');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(Object.values(await formValues(page))).toEqual(['', '', '', '', '']);
      expect(newSubmissions()).toEqual([
        expect.objectContaining({ name: CONTACT_VISITOR.Name, company: 'Whitaker Homes' }),
      ]);
    });
  });

  it('shows the service’s field errors inline and keeps what was typed', async () => {
    await withPage(
      site.browser,
      async (page) => {
        await openContact(page);
        // Valid for the browser, refused by the service: its domain has no dot.
        const typed = { ...CONTACT_VISITOR, Email: 'dana@whitakerhomes' };
        await fillContactForm(page, typed);
        await send(page).click();
        await expect.poll(() => status(page).textContent()).toContain('Email: should be an email');
        const email = page.getByLabel('Email', { exact: true });
        expect(await email.getAttribute('aria-invalid')).toBe('true');
        const describedBy = await email.getAttribute('aria-describedby');
        expect(await page.locator(`#${describedBy}`).textContent()).toBe('should be an email');
        expect(await formValues(page)).toEqual(typed);
        expect(newSubmissions()).toHaveLength(0);
      },
      [/Failed to load resource: the server responded with a status of 422/],
    );
  });

  for (const failure of ['5xx', 'network'] as const) {
    it(`on a ${failure} failure explains it, offers a mailto fallback and keeps the input`, async () => {
      await withPage(
        site.browser,
        async (page) => {
          await page.route('**/forms/contact', (route) =>
            failure === '5xx'
              ? route.fulfill({
                  status: 503,
                  contentType: 'application/json',
                  body: '{"error":"down"}',
                })
              : route.abort('failed'),
          );
          await openContact(page);
          await fillContactForm(page, CONTACT_VISITOR);
          await send(page).click();
          await expect
            .poll(() => status(page).textContent())
            .toContain('We couldn’t send your message because the form service is not responding.');
          const mail = status(page).getByRole('link', { name: 'hello@hearthline.ai' });
          const href = (await mail.getAttribute('href')) ?? '';
          expect(href.startsWith('mailto:hello@hearthline.ai?subject=')).toBe(true);
          const body = new URLSearchParams(href.split('?')[1]).get('body') ?? '';
          expect(body).toContain(`Name: ${CONTACT_VISITOR.Name}`);
          expect(body).toContain(`Message: ${CONTACT_VISITOR.Message}`);
          expect(await formValues(page)).toEqual(CONTACT_VISITOR);
          expect(await send(page).isEnabled()).toBe(true);
        },
        [/Failed to load resource/],
      );
    });
  }

  it('sends one request for a double click', async () => {
    await withPage(site.browser, async (page) => {
      // The request is held until the in-flight state has been read: a fixed delay ran out
      // before the check on a busy machine. A second request, if any, is held and sent too.
      let release = () => {};
      const held = new Promise<void>((done) => {
        release = done;
      });
      await page.route('**/forms/contact', async (route) => {
        await held;
        await route.continue();
      });
      await openContact(page);
      const posts = recordPosts(page);
      await fillContactForm(page, CONTACT_VISITOR);
      await send(page).dblclick();
      expect(
        await page.getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled'),
      ).toBe('true');
      release();
      await expect.poll(() => status(page).textContent()).toContain('Thank you!');
      await page.waitForTimeout(300);
      expect(posts).toHaveLength(1);
      expect(newSubmissions()).toHaveLength(1);
    });
  });

  it('carries a _gotcha honeypot hidden from people and assistive technology; a filled one is dropped', async () => {
    await withPage(site.browser, async (page) => {
      await openContact(page);
      const trap = page.locator('input[name="_gotcha"]');
      expect(await trap.isVisible()).toBe(false);
      expect(await trap.getAttribute('tabindex')).toBe('-1');
      expect(await page.locator('.honeypot').getAttribute('aria-hidden')).toBe('true');
      expect(await page.getByRole('textbox', { name: /leave this field empty/i }).count()).toBe(0);
      const tabbable = await page.evaluate(() => {
        const seen: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>(
          'form.contact-form input, form.contact-form textarea',
        )) {
          if (el.tabIndex >= 0 && el.getClientRects().length > 0) {
            seen.push(el.getAttribute('name') ?? '');
          }
        }
        return seen;
      });
      expect(tabbable).toEqual(['name', 'email', 'phone', 'company', 'message']);

      // A bot fills everything, the trap included: it is told "ok", and nothing is kept.
      await fillContactForm(page, CONTACT_VISITOR);
      await trap.evaluate((el: HTMLInputElement) => {
        el.value = 'http://spam.example';
      });
      const posts = recordPosts(page);
      await send(page).click();
      await expect.poll(() => status(page).textContent()).toContain('Thank you!');
      expect(posts[0]?.postData()).toContain('_gotcha');
      expect(newSubmissions()).toHaveLength(0);
    });
  });
});
