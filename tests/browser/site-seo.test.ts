import { describe, expect, it } from 'vitest';
import { siteFixture } from '../fixtures/site/harness.ts';

const site = siteFixture();

const get = async (path: string) => {
  const response = await fetch(`${site.server.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
};

/** Attribute `attr` of the first tag in `html` matching `tagPattern` (a regex source). */
function tagAttr(html: string, tagPattern: string, attr: string): string | undefined {
  const tag = html.match(new RegExp(`<${tagPattern}[^>]*>`))?.[0];
  return tag?.match(new RegExp(`${attr}="([^"]*)"`))?.[1];
}

const meta = (html: string, key: string) =>
  tagAttr(html, `meta (?:name|property)="${key}"`, 'content');

describe('prerendered HTML and metadata', () => {
  it('serves / with its content, title, description, canonical, Open Graph, Twitter and JSON-LD', async () => {
    const { status, body } = await get('/');
    expect(status).toBe(200);
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('data-route="landing"');
    expect(body).toMatch(/<h1 id="hero-title">Transform Your Real Estate Brokerage<\/h1>/);
    expect(body).toContain('Automated Communication');
    expect(body).not.toMatch(/style="/);
    expect(body.match(/<title>([^<]+)<\/title>/)?.[1]).toBe(
      'Hearthline AI | Transform Your Real Estate Brokerage with AI',
    );
    expect(meta(body, 'description')?.length).toBeGreaterThan(80);
    expect(meta(body, 'robots')).toBe('index, follow');
    expect(tagAttr(body, 'link rel="canonical"', 'href')).toBe('http://localhost:4173/');
    expect(meta(body, 'og:title')).toContain('Transform Your Real Estate Brokerage');
    expect(meta(body, 'og:url')).toBe('http://localhost:4173/');
    expect(meta(body, 'og:image')).toBe('http://localhost:4173/og-image.png');
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
    expect(tagAttr(body, 'link rel="icon"', 'href')).toBe('/favicon.svg');
    const jsonLd =
      body.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1] ?? '{}';
    expect(JSON.parse(jsonLd)).toEqual(
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Hearthline AI',
        url: 'http://localhost:4173/',
        sameAs: expect.arrayContaining(['https://x.com/hearthlineai']),
      }),
    );
  });

  it('serves /assistant (and /assistant/) prerendered and noindex', async () => {
    for (const path of ['/assistant', '/assistant?assistantId=x']) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body).toContain('data-route="assistant"');
      expect(meta(body, 'robots')).toBe('noindex');
      expect(tagAttr(body, 'link rel="canonical"', 'href')).toBe('http://localhost:4173/assistant');
      expect(body).not.toContain('application/ld+json');
    }
  });

  it('ships the icons and images the metadata points to', async () => {
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/og-image.png', 'image/png'],
      ['/icon-512.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
    ]) {
      const file = await get(path as string);
      expect(file.status, path).toBe(200);
      expect(file.type).toBe(type);
    }
  });

  it('serves robots.txt and sitemap.xml with absolute URLs', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: http://localhost:4173/sitemap.xml\n',
    );
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.type).toBe('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:4173/</loc>');
    expect(sitemap.body).not.toContain('/assistant');
  });
});
