import { describe, expect, it } from 'vitest';
import { revealEverything, sectionHydrated, siteFixture } from '../fixtures/site/harness.ts';
import { openPage, withPage } from '../helpers/chromium.ts';

const site = siteFixture();

const MISSING = 'Assistant ID is missing from the URL. Please add ?assistantId=...';

describe('footer', () => {
  it('links to X, LinkedIn, YouTube and Facebook in new tabs and shows © and the current year', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      const links = await page.locator('footer .social-links a').evaluateAll((els) =>
        els.map((a) => ({
          name: a.getAttribute('aria-label'),
          host: new URL((a as HTMLAnchorElement).href).hostname,
          target: a.getAttribute('target'),
          rel: a.getAttribute('rel'),
        })),
      );
      expect(links).toEqual(
        [
          ['X', 'x.com'],
          ['LinkedIn', 'www.linkedin.com'],
          ['YouTube', 'www.youtube.com'],
          ['Facebook', 'www.facebook.com'],
        ].map(([network, host]) => ({
          name: `Hearthline AI on ${network} (opens in a new tab)`,
          host,
          target: '_blank',
          rel: 'noopener noreferrer',
        })),
      );
      const copyright = await page.locator('footer').getByText('©').textContent();
      expect(copyright).toContain(`© ${new Date().getFullYear()} Hearthline AI`);
      expect(await page.locator('footer .footer-blurb').textContent()).toMatch(
        /real estate brokerages/,
      );
    });
  });

  it('shows the visitor’s current year even when the page was built in another one', async () => {
    await withPage(site.browser, async (page) => {
      await page.clock.setFixedTime(new Date('2031-06-01T12:00:00Z'));
      await page.goto(`${site.server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // The footer hydrates when the visitor comes near it.
      await page.locator('.footer-year').scrollIntoViewIfNeeded();
      await sectionHydrated(page, 'site-footer');
      await expect.poll(() => page.locator('.footer-year').textContent()).toBe('2031');
    });
  });
});

describe('/assistant', () => {
  for (const query of ['', '?assistantId=', '?assistantId=%20%20']) {
    it(`without an id (${query || 'no query'}) shows only the message on black`, async () => {
      await withPage(site.browser, async (page) => {
        const response = await page.goto(`${site.server.url}/assistant${query}`);
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.locator('main').textContent()).toBe(MISSING);
        expect(await page.locator('voice-assistant').count()).toBe(0);
        const colors = await page.evaluate(() => [
          getComputedStyle(document.body).backgroundColor,
          getComputedStyle(document.querySelector('main') as Element).backgroundColor,
          getComputedStyle(document.querySelector('main h1') as Element).color,
        ]);
        expect(colors).toEqual(['rgb(0, 0, 0)', 'rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
      });
    });
  }

  it('with an id mounts the brand and <voice-assistant mode="fullscreen"> (demo without a key), also after reload', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/assistant?assistantId=asst-42`);
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const mounted = await page.locator('main').evaluate((main) => ({
        children: [...main.children].map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        attributes: Object.fromEntries(
          [...(main.querySelector('voice-assistant')?.attributes ?? [])].map((a) => [
            a.name,
            a.value,
          ]),
        ),
      }));
      // The brand (a way back to the site), the element and a heading only assistive technology perceives.
      expect(mounted.children).toEqual([
        'header.assistant-brand',
        'h1.visually-hidden',
        'voice-assistant.',
      ]);
      expect(mounted.attributes).toEqual(
        expect.objectContaining({ mode: 'fullscreen', 'assistant-id': 'asst-42', demo: '' }),
      );
      expect(mounted.attributes).not.toHaveProperty('public-key');
      const button = page.locator('voice-assistant').getByRole('button', { name: 'Talk to Nora' });
      await button.waitFor();
      expect(await button.isVisible()).toBe(true);
      expect(await page.getByText(MISSING).count()).toBe(0);
    });
  });

  it('logs widget errors without failing the page', async () => {
    await withPage(site.browser, async (page) => {
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') {
          warnings.push(msg.text());
        }
      });
      await page.goto(`${site.server.url}/assistant?assistantId=asst-42`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.locator('voice-assistant').evaluate((el) =>
        el.dispatchEvent(
          new CustomEvent('voice-assistant:error', {
            bubbles: true,
            composed: true,
            detail: {
              code: 'daily-call-join-error',
              message: 'join failed',
              stage: 'daily-call-join',
            },
          }),
        ),
      );
      await expect.poll(() => warnings.join('\n')).toContain('Voice assistant error');
    });
  });
});

describe('landing page', () => {
  it('mounts the floating widget with the configured assistant (demo by default)', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/`);
      const widget = page.locator('voice-assistant');
      expect(await widget.count()).toBe(1);
      expect(await widget.getAttribute('mode')).toBe('floating');
      expect(await widget.getAttribute('assistant-id')).toBe('demo');
      expect(await widget.getAttribute('demo')).toBe('');
    });
  });

  it('is complete without JavaScript: every section and its content is in the HTML', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const { page, problems } = await openPage(context);
      await page.goto(`${site.server.url}/`);
      const headline = page.getByRole('heading', { level: 1 });
      expect(await headline.textContent()).toBe('Transform Your Real Estate Brokerage');
      expect(await page.getByText('AI Solutions for Real Estate Brokers').isVisible()).toBe(true);
      for (const id of ['features', 'how-it-works', 'testimonials', 'contact']) {
        expect(await page.locator(`section#${id}`).count()).toBe(1);
      }
      const titles = await page.locator('#features h3, #how-it-works h3').allTextContents();
      expect(titles).toEqual([
        'Automated Communication',
        'AI Lead Generation',
        'Performance Analytics',
        'Quick Integration',
        'Audit & Discover',
        'Design Your Solution',
        'Build & Launch',
        'Monitor & Optimize',
      ]);
      expect(await page.locator('.step-number').allTextContents()).toEqual([
        'Step 01',
        'Step 02',
        'Step 03',
        'Step 04',
      ]);
      const roles = await page
        .locator('.testimonial-card:not([aria-hidden]) .testimonial-role')
        .allTextContents();
      expect(roles).toHaveLength(5);
      for (const role of roles) {
        expect(role).toMatch(/^(Real Estate Broker|Sales Director|Broker Owner), /);
      }
      const shown = await page.$$eval('.reveal, .chat-message, .hero-copy', (els) =>
        els.map((el) => getComputedStyle(el).opacity + getComputedStyle(el).transform),
      );
      expect(new Set(shown)).toEqual(new Set(['1none']));
      expect(await page.getByText(/lorem ipsum/i).count()).toBe(0);
      problems.assertNone();
    } finally {
      await context.close();
    }
  });

  it('makes no request to another origin while loading and scrolling', async () => {
    await withPage(site.browser, async (page) => {
      const origins = new Set<string>();
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.protocol !== 'data:' && url.protocol !== 'blob:') {
          origins.add(url.origin);
        }
      });
      await page.goto(`${site.server.url}/`);
      await revealEverything(page);
      expect([...origins]).toEqual([site.server.url]);
    });
  });

  it('serves a 404 page for unknown paths and renders it without a hydration error', async () => {
    await withPage(site.browser, async (page) => {
      await page.goto(`${site.server.url}/404`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'This page isn’t on the market',
      );
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    });
  });
});
