import type { ListingVariables } from '../leads/page/listing-context.ts';
import { type PageListing, readListingContext } from '../leads/page/page-listing.ts';
import type { ConsentRecord } from '../leads/watch/consent-record.ts';
import { callChannel, type ToolCallChannel } from '../leads/watch/tool-call-channel.ts';
import { ToolCallWatcher, type ToolCallWatcherOptions } from '../leads/watch/tool-call-watcher.ts';
import type { CallLeads } from './call-controller-deps.ts';

/**
 * The lead wiring of one element's conversations (docs/behaviour.md#leads): the page's listing,
 * read as each conversation begins, and the one `ToolCallWatcher`, watching the call in progress
 * or, between calls, the typed chat, with the visitor's agreement to the disclosure for that
 * conversation.
 */
export interface ConversationLeads extends CallLeads {
  /**
   * Typed chat outside a call answers its lead tool calls like a call does: `channel` is watched
   * until a call starts (and again after), with the chat's agreement to the disclosure (`consent`).
   * Resolves with the page's listing variables for the chat.
   */
  watchChat(channel: ToolCallChannel, consent: ConsentRecord | null): Promise<ListingVariables>;
  /** The page's listing now (the resume chunk tells the assistant when it changes). */
  readListing(): Promise<PageListing>;
}

/** Builds the element's one `ToolCallWatcher` and the lead wiring of its calls and chat around it. */
export function watchLeads(port: Omit<ToolCallWatcherOptions, 'consent'>): ConversationLeads {
  /** The visitor's agreement to the `consent` disclosure for the watched conversation. */
  let consent: ConsentRecord | null = null;
  /** The typed chat's tool-call channel while it is watched (not a call's). */
  let watchedChat: ToolCallChannel | null = null;
  // A lead may wait on the device for delivery only with consent (docs/behaviour.md#leads),
  // and carries the agreement as evidence.
  const watcher = new ToolCallWatcher({ ...port, consent: () => consent });
  /** The listing of the page right now: the attributes, and JSON-LD with `listing="auto"`. */
  const readListing = (): Promise<PageListing> => {
    const { host } = port;
    return readListingContext({
      getAttribute: (name) => host.getAttribute(name),
      document: host.ownerDocument,
    });
  };
  return {
    callBegins(agreement) {
      consent = agreement;
      return readListing();
    },
    watchCall(client, listing) {
      watcher.watch(callChannel(client), listing);
      watchedChat = null;
    },
    async watchChat(channel, agreement) {
      consent = agreement;
      const page = await readListing();
      if (watchedChat !== channel) {
        watchedChat = channel;
        watcher.watch(channel, page.listing);
      }
      return page.variables;
    },
    conversationEnded: (ending) => watcher.conversationEnded(ending),
    readListing,
  };
}
