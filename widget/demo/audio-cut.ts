import type { KeptStretch } from './clips.ts';

/** What `keepStretches` needs of an AudioContext: a way to make an empty buffer. */
export interface BufferMaker {
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
}

/**
 * A new buffer holding only `stretches` of `buffer`, one after the other (each clamped to the
 * recording); the buffer itself when there is nothing to cut.
 */
export function keepStretches(
  context: BufferMaker,
  buffer: AudioBuffer,
  stretches: readonly KeptStretch[] | undefined,
): AudioBuffer {
  if (!stretches || stretches.length === 0) {
    return buffer;
  }
  const rate = buffer.sampleRate;
  const frames = stretches.map(([from, to]) => {
    const start = Math.min(buffer.length, Math.max(0, Math.round(from * rate)));
    const end = Math.min(buffer.length, Math.max(start, Math.round(to * rate)));
    return [start, end] as const;
  });
  const length = frames.reduce((sum, [start, end]) => sum + end - start, 0);
  const out = context.createBuffer(buffer.numberOfChannels, Math.max(1, length), rate);
  for (let channel = 0; channel < buffer.numberOfChannels; channel += 1) {
    const source = buffer.getChannelData(channel);
    const target = out.getChannelData(channel);
    let at = 0;
    for (const [start, end] of frames) {
      target.set(source.subarray(start, end), at);
      at += end - start;
    }
  }
  return out;
}
