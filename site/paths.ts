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
  privacy: {
    path: '/privacy',
    getHref: (): string => '/privacy',
  },
  terms: {
    path: '/terms',
    getHref: (): string => '/terms',
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
  { route: 'privacy', file: 'privacy.html' },
  { route: 'terms', file: 'terms.html' },
  { route: 'embed', file: 'embed.html' },
  { route: 'not-found', file: '404.html' },
];

/** Routes whose page carries a `<voice-assistant>`: the widget is loaded there only. */
export const ROUTES_WITH_WIDGET: ReadonlySet<RouteName> = new Set([
  'landing',
  'assistant',
  'embed',
]);

/**
 * Routes whose prerendered HTML paints nothing with scripts on (`/assistant` shows either its
 * widget or the missing-id message, and only the URL says which): the entry need not wait for a
 * first paint there.
 */
export const ROUTES_WITHOUT_PRERENDERED_PAINT: ReadonlySet<RouteName> = new Set(['assistant']);

/** Which page serves a pathname (a trailing slash and a `.html` suffix are ignored). */
export function routeForPath(pathname: string): RouteName {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === paths.landing.path || clean === '/index.html') {
    return 'landing';
  }
  for (const route of ['assistant', 'privacy', 'terms', 'embed'] as const) {
    if (clean === paths[route].path || clean === `${paths[route].path}.html`) {
      return route;
    }
  }
  return 'not-found';
}
