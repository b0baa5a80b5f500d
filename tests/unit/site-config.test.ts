import { describe, expect, it } from 'vitest';
import { FORM_STAND_IN_PATH, parseSiteConfig, SiteConfigError } from '../../site/config.ts';

describe('parseSiteConfig', () => {
  it('defaults to the offline demo, assistant "demo", the local form stand-in, leads to the host page only, and localhost', () => {
    expect(parseSiteConfig({})).toEqual({
      vapiPublicKey: null,
      assistantId: 'demo',
      formEndpoint: FORM_STAND_IN_PATH,
      formStandIn: true,
      leadEndpoint: null,
      apiBaseUrl: null,
      siteUrl: 'http://localhost:4173',
    });
  });

  it('treats blank values as unset', () => {
    expect(
      parseSiteConfig({ VITE_VAPI_PUBLIC_KEY: '  ', VITE_FORM_ENDPOINT: '' }).vapiPublicKey,
    ).toBeNull();
  });

  it('accepts a full production configuration and normalises URLs', () => {
    expect(
      parseSiteConfig({
        VITE_VAPI_PUBLIC_KEY: '0f3c9a1e-5b7d-4c2a-9e8f-123456789abc',
        VITE_ASSISTANT_ID: 'asst_42',
        VITE_FORM_ENDPOINT: 'https://formspree.io/f/xyzabcd',
        VITE_LEAD_ENDPOINT: 'https://formspree.io/f/leads42',
        VITE_API_BASE_URL: 'https://api.vapi.ai/',
        VITE_SITE_URL: 'https://www.hearthline.ai/',
      }),
    ).toEqual({
      vapiPublicKey: '0f3c9a1e-5b7d-4c2a-9e8f-123456789abc',
      assistantId: 'asst_42',
      formEndpoint: 'https://formspree.io/f/xyzabcd',
      formStandIn: false,
      leadEndpoint: 'https://formspree.io/f/leads42',
      apiBaseUrl: 'https://api.vapi.ai',
      siteUrl: 'https://www.hearthline.ai',
    });
  });

  it("lets the site's widgets post leads to a configured endpoint (the desk), else to none", () => {
    expect(parseSiteConfig({ VITE_LEAD_ENDPOINT: 'http://127.0.0.1:8787/leads' })).toMatchObject({
      leadEndpoint: 'http://127.0.0.1:8787/leads',
    });
    expect(parseSiteConfig({ VITE_LEAD_ENDPOINT: '  ' })).toMatchObject({ leadEndpoint: null });
  });

  it('allows plain http only for loopback hosts', () => {
    expect(
      parseSiteConfig({ VITE_FORM_ENDPOINT: 'http://127.0.0.1:9000/f/test' }).formEndpoint,
    ).toBe('http://127.0.0.1:9000/f/test');
    expect(() => parseSiteConfig({ VITE_FORM_ENDPOINT: 'http://forms.example.com/f/x' })).toThrow(
      /VITE_FORM_ENDPOINT must use https/,
    );
  });

  it('lists every bad value at once in a SiteConfigError', () => {
    let caught: unknown;
    try {
      parseSiteConfig({
        VITE_VAPI_PUBLIC_KEY: 'has spaces in it',
        VITE_ASSISTANT_ID: '<script>',
        VITE_FORM_ENDPOINT: 'not a url',
        VITE_LEAD_ENDPOINT: 'http://leads.example.com/f/x',
        VITE_API_BASE_URL: 'ftp://api.example.com',
        VITE_SITE_URL: 'https://user:pw@example.com',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SiteConfigError);
    const error = caught as SiteConfigError;
    expect(error.name).toBe('SiteConfigError');
    expect(error.code).toBe('invalid-site-config');
    expect(error.problems).toHaveLength(6);
    expect(error.problems.map((p) => p.split(' ')[0])).toEqual([
      'VITE_VAPI_PUBLIC_KEY',
      'VITE_ASSISTANT_ID',
      'VITE_FORM_ENDPOINT',
      'VITE_LEAD_ENDPOINT',
      'VITE_API_BASE_URL',
      'VITE_SITE_URL',
    ]);
    expect(error.message).toContain('Invalid site settings:\n  - VITE_VAPI_PUBLIC_KEY');
  });

  it('rejects a query or fragment on the form endpoint and site URL', () => {
    expect(() =>
      parseSiteConfig({
        VITE_FORM_ENDPOINT: 'https://f.example.com/f?x=1',
        VITE_LEAD_ENDPOINT: 'https://f.example.com/leads#x',
        VITE_SITE_URL: 'https://a.b/#x',
      }),
    ).toThrow(
      /VITE_FORM_ENDPOINT must not carry a query[\s\S]*VITE_LEAD_ENDPOINT must not carry a query[\s\S]*VITE_SITE_URL must not carry a query/,
    );
  });
});
