import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customElementsManifest } from '../../scripts/widget-manifest.ts';
import { ACCESS_CSS } from '../../widget/element/after-intent/styles-access.ts';
import { VIEW_CSS } from '../../widget/element/after-intent/styles-view.ts';
import { ATTRIBUTES } from '../../widget/element/attributes.ts';
import {
  ATTRIBUTE_DOCS,
  CSS_PART_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
} from '../../widget/element/element-docs.ts';
import { WIDGET_CSS } from '../../widget/element/styles.ts';

const SOURCES = ['widget/ui', 'widget/loader'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && f !== 'element-docs.ts')
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8')),
);

describe('the documented theming surface matches the code', () => {
  it('documents exactly the custom properties the stylesheet reads', () => {
    // The loader's sheet plus the rules the UI chunk adds to it.
    const used = new Set((WIDGET_CSS + VIEW_CSS + ACCESS_CSS).match(/--va-[a-z-]+/g));
    const rendererAccent = SOURCES.some((s) => s.includes("'--va-accent'"));
    expect(rendererAccent).toBe(true);
    used.add('--va-accent');
    expect([...used].sort()).toEqual(Object.keys(CSS_PROPERTY_DOCS).sort());
  });

  it('documents exactly the parts the markup exposes', () => {
    const used = new Set<string>();
    for (const source of SOURCES) {
      for (const match of source.matchAll(/part(?:=|, )["']([a-z -]+)["']/g)) {
        for (const name of (match[1] ?? '').split(' ')) {
          used.add(name);
        }
      }
    }
    expect([...used].sort()).toEqual(Object.keys(CSS_PART_DOCS).sort());
  });
});

describe('custom-elements.json', () => {
  const manifest = customElementsManifest() as {
    schemaVersion: string;
    modules: Array<{
      declarations: Array<{
        tagName?: string;
        attributes?: Array<{ name: string }>;
        events?: Array<{ name: string }>;
        members?: Array<{ name: string; kind: string }>;
      }>;
    }>;
  };
  const element = manifest.modules[0]?.declarations.find((d) => d.tagName === 'voice-assistant');

  it('lists every attribute and event of the element', () => {
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect(element?.attributes?.map((a) => a.name)).toEqual([...ATTRIBUTES]);
    expect(Object.keys(ATTRIBUTE_DOCS)).toEqual([...ATTRIBUTES]);
    expect(element?.events?.map((e) => e.name)).toEqual(Object.keys(EVENT_DOCS));
  });

  it('lists the public methods', () => {
    const methods = element?.members?.filter((m) => m.kind === 'method').map((m) => m.name);
    expect(methods).toEqual(['start', 'stop', 'setMuted', 'isMuted', 'say']);
  });
});
