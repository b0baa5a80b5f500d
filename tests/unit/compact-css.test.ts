import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compactCss } from '../../vite.widget.config.ts';
import { WIDGET_CSS } from '../../widget/element/styles.ts';

// The widget's CSS ships as a string in the loader; the build collapses its whitespace.

describe('compactCss', () => {
  it('drops whitespace around punctuation and keeps it inside values', () => {
    expect(
      compactCss(`.va > .controls {
  width: calc(100% - 40px); font: 500 16px/1.4 var(--f, "Segoe UI", sans-serif);
}
@media (max-width: 479.98px) { .a, .b::after { content: ""; } }`),
    ).toBe(
      '.va>.controls{width:calc(100% - 40px);font:500 16px/1.4 var(--f,"Segoe UI",sans-serif)}@media (max-width:479.98px){.a,.b::after{content:""}}',
    );
  });

  it('leaves a sheet with the same rules, only shorter', () => {
    // The source as written (the test build itself compacts the module it imports).
    const source = readFileSync('widget/element/styles.ts', 'utf8');
    const written = /export const WIDGET_CSS = `([^`]*)`;/.exec(source)?.[1] ?? '';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(compactCss(written));
    const original = new CSSStyleSheet();
    original.replaceSync(written);
    expect(original.cssRules.length).toBeGreaterThan(20);
    expect(sheet.cssRules.length).toBe(original.cssRules.length);
    expect(compactCss(written).length).toBeLessThan(written.length * 0.9);
    expect(compactCss(written)).toBe(WIDGET_CSS);
  });
});
