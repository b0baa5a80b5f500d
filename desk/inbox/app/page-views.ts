import type { ComponentType } from 'react';
import { PAGES, type PageName } from '../api-contract.ts';
import type { PageParams } from './lib/routes.ts';

/** A page shown under the sign-in: its parameters come from its path in the table. */
export type PageView<K extends PageName> = ComponentType<{ params: PageParams<K> }>;

type SignedInPage = {
  [K in PageName]: (typeof PAGES)[K]['access'] extends 'signed-in' ? K : never;
}[PageName];

// Every signed-in page's component, bundled with the app: a page that needs a heavy library
// loads it lazily itself (the numbers page's charts), so the first load stays small. The sign-in
// page (shown whenever nobody is signed in) and the not-found page are the app's own.
const modules = import.meta.glob<ComponentType<{ params: Record<string, string> }>>(
  ['./pages/*-page.tsx', '!./pages/sign-in-page.tsx', '!./pages/not-found-page.tsx'],
  { eager: true, import: 'default' },
);

function viewOf(name: PageName): ComponentType<{ params: Record<string, string> }> {
  const view = modules[`./pages/${name}-page.tsx`];
  if (!view) {
    // A page in the table without its component: fail at once, in every test, not on a click.
    throw new Error(`The inbox page ${name} needs a default export in app/pages/${name}-page.tsx`);
  }
  return view;
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
