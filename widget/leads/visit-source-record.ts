import { type VisitSource, visitSourceOf } from './rules/visit-source.ts';

/** The tab's first source with anything to tell, kept for the tab's later pages. */
const KEY = 'voice-assistant:visit-source';

function tabStorage(view: Window): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return view.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Where the visitor came from (docs/behaviour.md#leads): the source the tab's first conversation
 * with one to tell kept, else this page's. Read only for a conversation the visitor agreed to; it holds no personal
 * data (campaign tags, a host name, click-id flags), so the tab may keep it for its next pages.
 */
export function visitSourceNow(view: Window | null): VisitSource {
  if (view === null) {
    return {};
  }
  const storage = tabStorage(view);
  try {
    const kept = storage?.getItem(KEY);
    if (kept) {
      return JSON.parse(kept) as VisitSource;
    }
  } catch {
    // A broken or blocked record: this page's source stands.
  }
  const source = visitSourceOf(view.location.href, view.document.referrer);
  if (Object.keys(source).length > 0) {
    try {
      storage?.setItem(KEY, JSON.stringify(source));
    } catch {
      // Storage full or blocked: the next page reads its own source.
    }
  }
  return source;
}
