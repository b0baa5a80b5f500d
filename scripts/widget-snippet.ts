import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The Subresource Integrity value of a file: `sha384-<base64 digest>`. */
export function sriHash(path: string): string {
  return `sha384-${createHash('sha384').update(readFileSync(path)).digest('base64')}`;
}

/**
 * The self-hosted embed (works once `dir` is copied to the site as /voice-assistant/), then the
 * CDN embeds (ES module loader, and the UMD alternative) with their SRI hashes.
 */
export function embedSnippets(
  dir = 'dist/widget',
  base = 'https://YOUR-CDN/voice-assistant',
): {
  selfHosted: string;
  module: string;
  umd: string;
} {
  const element =
    '<voice-assistant assistant-id="YOUR_ASSISTANT_ID" public-key="YOUR_PUBLIC_KEY"></voice-assistant>';
  return {
    selfHosted: [
      '<script type="module" src="/voice-assistant/voice-assistant.js"></script>',
      element,
    ].join('\n'),
    module: [
      `<script type="module" src="${base}/voice-assistant.js"`,
      `        integrity="${sriHash(`${dir}/voice-assistant.js`)}" crossorigin="anonymous"></script>`,
      element,
    ].join('\n'),
    umd: [
      `<script src="${base}/voice-assistant.umd.js"`,
      `        integrity="${sriHash(`${dir}/voice-assistant.umd.js`)}" crossorigin="anonymous"></script>`,
      element,
    ].join('\n'),
  };
}
