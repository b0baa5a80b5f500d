import { describe, expect, test } from 'vitest';
import { isMobileUserAgent } from '../../widget/call/mobile.ts';

describe('isMobileUserAgent (docs/behaviour.md#constants: android, iphone, ipad, ipod and similar)', () => {
  test.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15',
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
    'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; IEMobile/10.0)',
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en)',
    'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  ])('mobile: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  test.each([
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
    '',
  ])('desktop: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });
});
