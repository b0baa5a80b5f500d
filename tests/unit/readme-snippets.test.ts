import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's snippets work when pasted: a newcomer copies them first.

const readme = readFileSync('README.md', 'utf8');
const embedding = readme.slice(readme.indexOf('## Embedding'), readme.indexOf('### Attributes'));
const blocks = [...embedding.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, code]) => ({
  lang,
  code: code ?? '',
}));

describe('the README’s embed snippets', () => {
  it('start with the self-hosted snippet, which needs only dist/widget/ copied to the site', () => {
    expect(blocks[0]?.lang).toBe('html');
    expect(blocks[0]?.code).toContain(
      '<script type="module" src="/voice-assistant/voice-assistant.js"></script>',
    );
    expect(embedding.indexOf('copy the `dist/widget/` folder')).toBeLessThan(
      embedding.indexOf('```html'),
    );
  });

  it('label the CDN as working once the package is published', () => {
    expect(embedding).toMatch(/From a CDN, once the package is published to npm/);
  });

  it('never show a placeholder integrity hash that would break the page', () => {
    for (const block of blocks) {
      expect(block.code).not.toMatch(/integrity=/);
    }
    expect(embedding).toContain('`npm run build:widget` prints the `<script>` tag');
  });
});
