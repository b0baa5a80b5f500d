/**
 * The lazy boundary of the `platform-web-call` chunk (docs/architecture.md, the chunk map): the
 * API client's POST /call/web, fetched ahead of the first real call.
 */
export const loadPlatformWebCall = () => import('./platform/platform-web-call.ts');
