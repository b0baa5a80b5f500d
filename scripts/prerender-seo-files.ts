import { escapeHtml } from '../site/head.ts';
import { paths } from '../site/paths.ts';

/**
 * robots.txt: everything may be crawled (the demo page keeps itself out of results with its
 * noindex meta, which crawlers can only read if they may fetch it); points at the sitemap.
 */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml listing the indexable pages (/assistant is noindex). */
export function sitemapXml(siteUrl: string): string {
  const urls = [
    paths.landing.getHref(),
    paths.embed.getHref(),
    paths.privacy.getHref(),
    paths.terms.getHref(),
  ].map((path) => `  <url>\n    <loc>${escapeHtml(`${siteUrl}${path}`)}</loc>\n  </url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
