import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ELEMENT_DOCS_COMMAND,
  ELEMENT_DOCS_PATH,
  renderElementDocs,
} from '../../scripts/element-docs-md.ts';
import {
  ATTRIBUTE_DOCS,
  CSS_PART_DOCS,
  CSS_PROPERTY_DOCS,
  EVENT_DOCS,
  METHOD_DOCS,
} from '../../widget/element/element-docs.ts';

// The element's reference is written once, in element-docs.ts; docs/element.md is generated from
// it, and this test is what keeps the committed page from drifting.

describe('docs/element.md', () => {
  it('is exactly what the generator writes from element-docs.ts', () => {
    const committed = readFileSync(ELEMENT_DOCS_PATH, 'utf8');
    expect(
      committed === renderElementDocs(),
      `${ELEMENT_DOCS_PATH} differs from widget/element/element-docs.ts: run \`${ELEMENT_DOCS_COMMAND}\` and commit the result`,
    ).toBe(true);
  });

  it('names every attribute, event, method, custom property and part', () => {
    const page = renderElementDocs();
    const names = [
      ...Object.keys(ATTRIBUTE_DOCS),
      ...Object.keys(EVENT_DOCS),
      ...METHOD_DOCS.map((method) => `${method.name}()`),
      ...Object.keys(CSS_PROPERTY_DOCS),
      ...Object.keys(CSS_PART_DOCS),
      'callOptions',
      'defineVoiceAssistant',
    ];
    for (const name of names) {
      expect(page, name).toContain(`\`${name}`);
    }
  });

  it('keeps each table row whole when a type or text holds a pipe or angle brackets', () => {
    const page = renderElementDocs();
    const modeRow = page.split('\n').find((line) => line.startsWith('| `mode` |'));
    expect(modeRow).toContain("`'inline' \\| 'fullscreen' \\| 'floating'`");
    expect(modeRow?.split(/(?<!\\)\|/)).toHaveLength(6);
    expect(page).not.toMatch(/Talk to <name>/);
  });
});
