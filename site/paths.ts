/** The site's routes and their href builders; the one place that knows the URLs. */
export const paths = {
  landing: {
    path: '/',
    getHref: (): string => '/',
  },
  assistant: {
    path: '/assistant',
    getHref: (assistantId?: string): string =>
      assistantId ? `/assistant?assistantId=${encodeURIComponent(assistantId)}` : '/assistant',
  },
  embed: {
    path: '/embed',
    getHref: (): string => '/embed',
  },
} as const;

/** A page the app can render. */
export type RouteName = keyof typeof paths | 'not-found';

/** Routes written to static HTML at build time, with the file each becomes under dist/site. */
export const PRERENDERED_ROUTES: ReadonlyArray<{ route: RouteName; file: string }> = [
  { route: 'landing', file: 'index.html' },
  { route: 'assistant', file: 'assistant.html' },
  { route: 'embed', file: 'embed.html' },
  { route: 'not-found', file: '404.html' },
];

/** Which page serves a pathname (a trailing slash is ignored). */
export function routeForPath(pathname: string): RouteName {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === paths.landing.path || clean === '/index.html') {
    return 'landing';
  }
  if (clean === paths.assistant.path || clean === '/assistant.html') {
    return 'assistant';
  }
  if (clean === paths.embed.path || clean === '/embed.html') {
    return 'embed';
  }
  return 'not-found';
}
