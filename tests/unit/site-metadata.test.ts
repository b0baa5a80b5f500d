import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '../../scripts/prerender-seo-files.ts';
import {
  escapeHtml,
  headTags,
  jsonForScript,
  organizationJsonLd,
  pageMeta,
} from '../../site/head.ts';

const config = { siteUrl: 'https://www.hearthline.ai' };

describe('page metadata', () => {
  it('gives the landing page an indexable title, description, canonical, OG, Twitter and JSON-LD', () => {
    const head = headTags('landing', config);
    expect(head).toContain(
      '<title>Hearthline AI | Transform Your Real Estate Brokerage with AI</title>',
    );
    expect(head).toContain('<meta name="robots" content="index, follow" />');
    expect(head).toContain('<link rel="canonical" href="https://www.hearthline.ai/" />');
    expect(head).toContain(
      '<meta property="og:image" content="https://www.hearthline.ai/og-image.png" />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const json = head.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(organizationJsonLd(config.siteUrl));
    expect(pageMeta('landing').description.length).toBeLessThanOrEqual(160);
  });

  it('keeps /assistant and the 404 page out of search results', () => {
    expect(headTags('assistant', config)).toContain('<meta name="robots" content="noindex" />');
    expect(headTags('assistant', config)).toContain('href="https://www.hearthline.ai/assistant"');
    expect(headTags('assistant', config)).not.toContain('ld+json');
    expect(headTags('not-found', config)).toContain('noindex');
    expect(headTags('not-found', config)).not.toContain('canonical');
  });

  it('escapes markup in attribute values and in JSON data blocks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const json = jsonForScript({ text: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('allows crawling and points at the sitemap', () => {
    expect(robotsTxt(config.siteUrl)).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://www.hearthline.ai/sitemap.xml\n',
    );
  });

  it('lists the indexable pages: the landing page, /embed, /privacy and /terms (not /assistant)', () => {
    const xml = sitemapXml(config.siteUrl);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://www.hearthline.ai/',
      'https://www.hearthline.ai/embed',
      'https://www.hearthline.ai/privacy',
      'https://www.hearthline.ai/terms',
    ]);
  });
});
