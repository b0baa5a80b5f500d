import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The one definition of "gzip" and "brotli" bytes used by every size figure and budget, and by
// the compressing server the Lighthouse bench uses: the strongest settings a CDN would apply.

export function gzip(data: Uint8Array): Buffer {
  return gzipSync(data, { level: 9 });
}

export function brotli(data: Uint8Array): Buffer {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
}

export interface CompressedSize {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip (level 9) and brotli (quality 11) bytes of `data`. */
export function compressedSize(data: Uint8Array | string): CompressedSize {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { raw: bytes.length, gzip: gzip(bytes).length, brotli: brotli(bytes).length };
}
