import { describe, expect, it } from 'vitest';
import { buildWarnings } from '../../site/build-warnings.ts';
import { parseSiteConfig } from '../../site/config.ts';

// docs/site.md#build-settings: a build without the endpoints a deploy needs says so, loudly.

describe('the site build’s warnings', () => {
  it('warns about an unset VITE_FORM_ENDPOINT and an unset VITE_LEAD_ENDPOINT, each once', () => {
    const warnings = buildWarnings(parseSiteConfig({}));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^!!! VITE_LEAD_ENDPOINT is not set/);
    expect(warnings[1]).toMatch(/^!!! VITE_FORM_ENDPOINT is not set: the contact form posts to/);
    expect(warnings[1]).toContain('a deployed site loses every message');
  });

  it('is quiet about what is set', () => {
    const form = { VITE_FORM_ENDPOINT: 'https://formspree.io/f/abcd1234' };
    const lead = { VITE_LEAD_ENDPOINT: 'https://desk.example.com/leads' };
    expect(buildWarnings(parseSiteConfig(form)).join('\n')).not.toContain('VITE_FORM_ENDPOINT');
    expect(buildWarnings(parseSiteConfig(lead)).join('\n')).not.toContain('VITE_LEAD_ENDPOINT');
    expect(buildWarnings(parseSiteConfig({ ...form, ...lead }))).toEqual([]);
  });
});
