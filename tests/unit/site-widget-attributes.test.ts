import { describe, expect, it } from 'vitest';
import { siteWidgetAttributes } from '../../site/lib/widget-attributes.ts';
import { LISTING } from '../../widget/demo/listing-facts.ts';
import { parseAttributes, readAttributes } from '../../widget/element/attributes.ts';
import { listingFromAttributes } from '../../widget/leads/page/listing-context.ts';

// The site's own widgets (issues 13 and 15): the recording disclosure linked to /privacy, and on
// the offline demo the listing the demo talks about, so a demo lead names it.

const DEMO = { vapiPublicKey: null, apiBaseUrl: null, leadEndpoint: '/forms/lead' };

describe('the site’s widget attributes', () => {
  it('give the demo the listing it talks about, from the demo’s own facts', () => {
    const attributes = siteWidgetAttributes(DEMO);
    const listing = listingFromAttributes((name) => attributes[name], 'http://127.0.0.1:4173/');
    expect(listing).toEqual({
      address: LISTING.address,
      price: LISTING.price,
      id: 'MRR-14-LINDEN',
      url: 'http://127.0.0.1:4173/',
      agentName: LISTING.agent,
    });
    expect(listing).toMatchObject({ address: '14 Linden Court', price: '$450,000' });
  });

  it('give Talk to a person the office hours of assistant.config.json (issue 29 §2)', async () => {
    const { readOfficeHours } = await import('../../widget/leads/rules/office-hours.ts');
    const config = await import('../../assistant.config.json', { with: { type: 'json' } });
    expect(readOfficeHours(siteWidgetAttributes(DEMO)['office-hours'] ?? null)).toEqual(
      config.default.officeHours,
    );
  });

  it('ask for consent with the disclosure, linked to the privacy policy', () => {
    const attributes = siteWidgetAttributes(DEMO);
    expect(attributes['consent-url']).toBe('/privacy');
    expect(attributes.consent).toMatch(/recorded and transcribed/);
    const element = document.createElement('voice-assistant');
    element.setAttribute('assistant-id', 'demo');
    for (const [name, value] of Object.entries(attributes)) {
      element.setAttribute(name, value);
    }
    const config = parseAttributes(readAttributes(element));
    // Resolved against the page, as <a href> is.
    expect(config.consent).toEqual({
      text: attributes.consent,
      url: new URL('/privacy', document.baseURI).href,
    });
    expect(config.problems).toEqual([]);
  });

  it('give a real assistant the disclosure but no made-up listing', () => {
    const attributes = siteWidgetAttributes({ ...DEMO, vapiPublicKey: 'pk-123' });
    expect(attributes['public-key']).toBe('pk-123');
    expect(attributes.consent).toBeDefined();
    expect(Object.keys(attributes).filter((name) => /^(listing-|agent-)/.test(name))).toEqual([]);
  });
});
