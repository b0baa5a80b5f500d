import { type ComponentType, lazy } from 'react';
import { PAGES, type PageName } from '../api-contract.ts';
import type { PageParams } from './lib/routes.ts';

/** A page shown under the sign-in: its parameters come from its path in the table. */
export type PageView<K extends PageName> = ComponentType<{ params: PageParams<K> }>;

type SignedInPage = {
  [K in PageName]: (typeof PAGES)[K]['access'] extends 'signed-in' ? K : never;
}[PageName];

type View = ComponentType<{ params: Record<string, string> }>;

// Every signed-in page is its own chunk, loaded when first shown: the sign-in page (shown whenever
// nobody is signed in) and the not-found page are in the entry, so /inbox/sign-in downloads none
// of the signed-in app. A page that needs a heavy library loads it lazily itself (the numbers
// page's charts).
const loaders = import.meta.glob<{ default: View }>([
  './pages/*-page.tsx',
  '!./pages/sign-in-page.tsx',
  '!./pages/not-found-page.tsx',
]);

function viewOf(name: PageName): View {
  const load = loaders[`./pages/${name}-page.tsx`];
  if (!load) {
    // A page in the table without its file: fail at once, in every test, not on a click.
    throw new Error(`The inbox page ${name} needs a default export in app/pages/${name}-page.tsx`);
  }
  return lazy(load);
}

/**
 * The component of each signed-in page in the table (desk/inbox/api-contract.ts PAGES): the
 * default export of `app/pages/<name>-page.tsx`. Adding a page is its table entry and that file.
 */
export const PAGE_VIEWS = Object.fromEntries(
  (Object.keys(PAGES) as PageName[])
    .filter((name) => PAGES[name].access === 'signed-in')
    .map((name) => [name, viewOf(name)]),
  // The file name is the convention that ties a page to its component; the compiler cannot see it.
) as unknown as { [K in SignedInPage]: PageView<K> };
