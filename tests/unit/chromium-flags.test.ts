import { describe, expect, it } from 'vitest';
import { chromiumFlags } from '../helpers/chromium.ts';

describe('chromium launch flags', () => {
  it('always keeps Chromium off the network and the sandbox', () => {
    const flags = chromiumFlags();
    expect(flags).toContain('--no-sandbox');
    expect(flags).toContain('--disable-background-networking');
    expect(flags.some((f) => f.includes('fake'))).toBe(false);
  });

  it('adds a fake microphone that is granted, or one whose prompt is denied', () => {
    expect(chromiumFlags({ media: 'granted' })).toEqual(
      expect.arrayContaining([
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ]),
    );
    const denied = chromiumFlags({ media: 'denied' });
    expect(denied).toContain('--use-fake-device-for-media-stream');
    expect(denied).not.toContain('--use-fake-ui-for-media-stream');
  });
});
