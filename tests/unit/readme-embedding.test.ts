import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// An embedder who copies the README's lead-endpoint must learn there that the POST is
// cross-origin and which desk setting lets their site's origin in.

const readme = readFileSync('README.md', 'utf8');

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe('README: embedding with a lead endpoint', () => {
  it('names CORS and DESK_ALLOWED_ORIGINS in the paragraph that sets lead-endpoint', () => {
    const embedding = section(readme, 'Embedding');
    const example = embedding.indexOf('lead-endpoint="');
    expect(example).toBeGreaterThan(0);
    // The paragraph that introduces the code block holding the example.
    const fence = embedding.lastIndexOf('```html', example);
    const paragraph = embedding.slice(embedding.lastIndexOf('\n\n', fence - 3), fence);
    expect(paragraph).toContain('CORS');
    expect(paragraph).toContain('DESK_ALLOWED_ORIGINS');
  });
});
