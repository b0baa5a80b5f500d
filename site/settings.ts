import type { SiteConfig } from './config.ts';

// Replaced at build time by vite.config.ts with the validated settings (see config.ts).
declare const __SITE_CONFIG__: SiteConfig;

/** The validated build settings, frozen into the bundle. */
export const settings: SiteConfig = __SITE_CONFIG__;
