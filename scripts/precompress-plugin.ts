import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { brotli, gzip } from '../bench/compressed-size.ts';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the bundle, with the strongest
 * settings (the same functions as the bench's size figures, so a budget measures what is served).
 * The desk serves them by Accept-Encoding and never compresses on a request
 * (desk/inbox/precompressed.ts). A variant no smaller than the file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(dir, name);
          const data = await readFile(file);
          for (const [suffix, pack] of [
            ['.br', brotli],
            ['.gz', gzip],
          ] as const) {
            const packed = pack(data);
            if (packed.length < data.length) {
              await writeFile(`${file}${suffix}`, packed);
            }
          }
        }),
      );
    },
  };
}
