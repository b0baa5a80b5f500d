import { describe, expect, it } from 'vitest';
import { GTM_CONTAINER, gtmTags } from '../../site/content/analytics.ts';
import { analyticsParagraph, privacyPolicy } from '../../site/content/privacy.ts';
import { checkCopyText } from '../../site/copy/check-copy.ts';
import { headTags } from '../../site/head.ts';

// docs/marketers.md#google-tag-manager-on-this-site: a container id in site/copy/analytics.json
// loads Tag Manager with no inline script, and the privacy page says what it sets.

const site = { siteUrl: 'https://www.example.com' };

describe('Google Tag Manager on the site', () => {
  it('loads the container from two script files, never an inline script', () => {
    const head = headTags('landing', site, 'GTM-ABC1234');
    expect(head).toContain('<script src="/gtm-init.js"></script>');
    expect(head).toContain(
      '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234"></script>',
    );
    // Every executable script has a src: the strict CSP needs no hash, nonce or unsafe-inline.
    const scripts = head.match(/<script[^>]*>/g) ?? [];
    const inline = scripts.filter((tag) => !/\bsrc=/.test(tag) && !/ld\+json/.test(tag));
    expect(inline).toEqual([]);
  });

  it('loads nothing without a container; the committed copy sets none', () => {
    expect(GTM_CONTAINER).toBeNull();
    expect(gtmTags(null)).toEqual([]);
    expect(headTags('landing', site)).not.toContain('googletagmanager');
  });

  it('says "no analytics cookies" on the privacy page only when that is true', () => {
    const device = privacyPolicy.sections.find((section) => section.id === 'device');
    expect(device?.paragraphs).toEqual([analyticsParagraph(null)]);
    expect(analyticsParagraph(null)).toContain('sets no advertising or analytics cookies');
    const withTags = analyticsParagraph('GTM-ABC1234');
    expect(withTags).not.toContain('no advertising or analytics cookies');
    expect(withTags).toContain('Google Tag Manager');
    expect(withTags).toContain('analytics cookies');
  });

  it('refuses an id that is not a Tag Manager container', () => {
    expect(checkCopyText('analytics.json', '{ "googleTagManager": "GTM-ABC1234" }')).toEqual([]);
    expect(checkCopyText('analytics.json', '{ "googleTagManager": "" }')).toEqual([]);
    expect(checkCopyText('analytics.json', '{ "googleTagManager": "UA-12345-1" }')).toHaveLength(1);
  });
});
