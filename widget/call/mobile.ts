/**
 * docs/behaviour.md#constants "Mobile permission wait before join … android, iphone, ipad, ipod and similar":
 * the user agents that get the 1000 ms wait. "Similar" covers the other mobile platforms the
 * platform SDK lists and the generic `Mobi` token browsers put in mobile user agents.
 */
const MOBILE_UA = /android|iphone|ipad|ipod|iemobile|blackberry|bada|webos|opera mini|mobi/i;

/** True for a mobile browser's user agent string. */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}
