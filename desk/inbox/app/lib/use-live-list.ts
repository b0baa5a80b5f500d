import { useEffect, useRef } from 'react';
import type { LeadListPage, LeadListQuery } from '../../api-contract.ts';
import { announce } from './announcements.ts';
import { isAbort } from './api.ts';
import { nameOf } from './labels.ts';
import { refreshedList } from './list-refresh.ts';
import type { InboxData } from './use-inbox-data.ts';
import { type LiveState, useLive } from './use-live.ts';

/** What a polite live region says of leads that appeared on the list. */
function newLeadsText(page: LeadListPage, before: LeadListPage): string | null {
  const known = new Set(before.leads.map((lead) => lead.id));
  const added = page.leads.filter((lead) => !known.has(lead.id));
  if (added.length === 0) {
    return null;
  }
  const [first] = added;
  return added.length === 1 && first
    ? `New lead: ${nameOf(first.name)}.`
    : `${added.length} new leads.`;
}

/**
 * Keeps the leads list live (issue 27 §1): each change the desk reports asks the list again with
 * the same filters and as many leads as are shown (so `Load more` pages stay), announces leads
 * that appeared, and keeps the tab's title at "(3) Leads · Inbox" for 3 unclaimed leads.
 * Changes arriving while a refresh runs make one more refresh after it, never a pile of them.
 */
export function useLiveList(list: InboxData<LeadListPage>, query: LeadListQuery): LiveState {
  const queryKey = JSON.stringify(query);
  const latest = useRef({ list, query, queryKey });
  latest.current = { list, query, queryKey };
  const running = useRef<AbortController | null>(null);
  const again = useRef(false);

  // New filters make an older refresh moot.
  useEffect(() => {
    return () => {
      running.current?.abort();
      running.current = null;
      again.current = false;
    };
  }, [queryKey]);

  const count = list.data?.unclaimedCount ?? 0;
  useEffect(() => {
    document.title = count > 0 ? `(${count}) Leads · Inbox` : 'Leads · Inbox';
  }, [count]);

  function refresh(): void {
    if (running.current !== null) {
      again.current = true;
      return;
    }
    const { list: current, query: asked, queryKey: key } = latest.current;
    const before = current.data;
    if (before === null) {
      // The first answer is still on its way, and will be current.
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    refreshedList(asked, before.leads.length, controller.signal)
      .then((page) => {
        if (latest.current.queryKey !== key) {
          return;
        }
        const said = newLeadsText(page, latest.current.list.data ?? before);
        latest.current.list.set(page);
        if (said !== null) {
          announce(said);
        }
      })
      .catch((error: unknown) => {
        // A failed refresh keeps what is shown; the next change or reconnection asks again.
        if (!isAbort(error)) {
          again.current = false;
        }
      })
      .finally(() => {
        if (running.current === controller) {
          running.current = null;
          if (again.current) {
            again.current = false;
            refresh();
          }
        }
      });
  }

  return useLive(refresh);
}
