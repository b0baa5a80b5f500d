import { useEffect, useRef, useState } from 'react';
import { API, type LiveEvent } from '../../api-contract.ts';
import { routeUrl } from './api.ts';

/** Whether the page hears the desk's changes: `live`, or `connecting` (at first, and after a drop). */
export type LiveState = 'connecting' | 'live';

/**
 * Hears `GET /api/live` (issue 27 §1, docs/inbox.md#live) while the page is open: `onChange`
 * gets the ids of leads that changed (a new lead, a claim, an escalation, any edit), and the page
 * asks again for what it shows. EventSource reconnects by itself after a drop; on a
 * reconnection `onChange` gets no ids, so the page refetches whatever it may have missed.
 *
 * Wiring (the `leadui` pages): the list page calls it with its `retry` (and its unclaimed count
 * goes into `document.title`, new leads into a polite live region); the lead page retries when
 * its own id is among the ids.
 */
export function useLive(onChange: (ids: readonly string[]) => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  // The latest callback, so a re-render does not reopen the stream.
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      return;
    }
    const source = new EventSource(routeUrl(API.live, {}));
    let opened = false;
    source.addEventListener('ready', () => {
      setState('live');
      // A reconnection may have missed changes: ask again for everything shown.
      if (opened) {
        latest.current([]);
      }
      opened = true;
    });
    source.addEventListener('leads', (event) => {
      try {
        const { ids } = JSON.parse((event as MessageEvent<string>).data) as LiveEvent;
        latest.current(ids);
      } catch {
        // A malformed event is ignored; the next one still arrives.
      }
    });
    source.addEventListener('error', () => setState('connecting'));
    return () => source.close();
  }, []);
  return state;
}
