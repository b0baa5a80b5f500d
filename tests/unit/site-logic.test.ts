import { describe, expect, it } from 'vitest';
import { interpretFormResponse, readServiceErrors } from '../../site/lib/form-outcome.ts';
import { buildMailto } from '../../site/lib/mailto.ts';
import { loopPaddingIndices, marqueeSetWidth, nextMarqueeOffset } from '../../site/lib/marquee.ts';
import { scrollTargetY, sectionOffset } from '../../site/lib/scroll-to-section.ts';
import { paths, routeForPath } from '../../site/paths.ts';

describe('section offsets (docs/behaviour.md#constants)', () => {
  it('keeps 35/90/98/30 px above the named sections and 80 px above any other', () => {
    expect(
      ['features', 'how-it-works', 'testimonials', 'contact', 'hero', ''].map(sectionOffset),
    ).toEqual([35, 90, 98, 30, 80, 80]);
  });

  it('turns a viewport position into a document scroll target, never above the top', () => {
    expect(scrollTargetY(500, 1200, 35)).toBe(1665);
    expect(scrollTargetY(10.4, 0, 30)).toBe(0);
    expect(scrollTargetY(-300.6, 2000, 98)).toBe(1601);
  });
});

describe('marquee math', () => {
  it('wraps at one full set: 5 cards × (320 + 16) px', () => {
    expect(marqueeSetWidth(5)).toBe(1680);
    expect(marqueeSetWidth(3, 100, 10)).toBe(330);
  });

  it('advances 0.5 px a frame and wraps back by exactly one set width', () => {
    expect(nextMarqueeOffset(0, 1680)).toBe(0.5);
    expect(nextMarqueeOffset(1679, 1680)).toBe(1679.5);
    expect(nextMarqueeOffset(1679.5, 1680)).toBe(0);
    expect(nextMarqueeOffset(1679.8, 1680, 0.5)).toBeCloseTo(0.3);
    expect(nextMarqueeOffset(10, 0)).toBe(0);
    let offset = 0;
    for (let frame = 0; frame < 3360; frame++) {
      offset = nextMarqueeOffset(offset, 1680);
    }
    expect(offset).toBe(0);
  });

  it('repeats five cards after the set, cycling through short sets', () => {
    expect(loopPaddingIndices(5)).toEqual([0, 1, 2, 3, 4]);
    expect(loopPaddingIndices(3)).toEqual([0, 1, 2, 0, 1]);
    expect(loopPaddingIndices(0)).toEqual([]);
  });
});

describe('form service answers', () => {
  const fields = ['name', 'email', 'phone', 'company', 'message'];

  it('maps 2xx to success and 5xx to unavailable', () => {
    expect(interpretFormResponse(200, { ok: true }, fields)).toEqual({ kind: 'success' });
    expect(interpretFormResponse(503, null, fields)).toEqual({ kind: 'unavailable' });
  });

  it('splits field errors from errors about the form as a whole', () => {
    const body = {
      error: 'Validation errors',
      errors: [
        { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' },
        { field: 'fax', code: 'X', message: 'unknown field' },
      ],
    };
    expect(interpretFormResponse(422, body, fields)).toEqual({
      kind: 'field-errors',
      errors: [{ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' }],
    });
    expect(interpretFormResponse(403, { error: 'Form not active' }, fields)).toEqual({
      kind: 'rejected',
      errors: [{ field: null, code: null, message: 'Form not active' }],
    });
    expect(interpretFormResponse(429, 'nope', fields)).toEqual({ kind: 'rejected', errors: [] });
  });

  it('ignores malformed error entries and truncates long messages', () => {
    const errors = readServiceErrors({
      errors: [null, { message: '' }, { field: 3, message: 'x'.repeat(400) }],
    });
    expect(errors).toEqual([{ field: null, code: null, message: 'x'.repeat(300) }]);
  });

  it('builds a mailto fallback that carries what was typed, encoded', () => {
    const href = buildMailto('hello@hearthline.ai', 'Inquiry & more', [
      { label: 'Name', value: 'Ana María' },
      { label: 'Phone', value: '' },
      { label: 'Message', value: 'Line 1\nLine 2 ?&=' },
    ]);
    expect(href.startsWith('mailto:hello@hearthline.ai?subject=Inquiry%20%26%20more&body=')).toBe(
      true,
    );
    const body = new URLSearchParams(href.split('?')[1]).get('body');
    expect(body).toBe('Name: Ana María\nMessage: Line 1\nLine 2 ?&=');
    expect(buildMailto('a@b.co', 'S', [])).toBe('mailto:a@b.co?subject=S');
  });
});

describe('routes', () => {
  it('maps paths to pages, ignoring a trailing slash', () => {
    expect(
      ['/', '/index.html', '/assistant', '/assistant/', '/assistant.html', '/pricing'].map(
        routeForPath,
      ),
    ).toEqual(['landing', 'landing', 'assistant', 'assistant', 'assistant', 'not-found']);
    expect(
      ['/privacy', '/privacy/', '/terms', '/terms.html', '/privacy-policy'].map(routeForPath),
    ).toEqual(['privacy', 'privacy', 'terms', 'terms', 'not-found']);
  });

  it('builds /assistant links with an encoded assistant id', () => {
    expect(paths.assistant.getHref('a b&c')).toBe('/assistant?assistantId=a%20b%26c');
    expect(paths.assistant.getHref()).toBe('/assistant');
  });
});
