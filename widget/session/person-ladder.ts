import type { WidgetConfig } from '../element/attributes.ts';
import { elementLanguage } from '../element/i18n/languages.ts';
import { pageUrlVariable } from '../leads/page/listing-context.ts';
import { loadLeadHandler } from '../leads/watch/load-lead-handler.ts';
import type { ConversationLeads } from './conversation-leads.ts';

/**
 * "Talk to a person" for the view (docs/behaviour.md#talk-to-a-person): whether the panel offers
 * it, and opening it. Its rules load with the lead handler and its dialog with the contact card,
 * both on the press, so the panel carries only the button.
 */
export interface PersonLadder {
  /** There is something to offer: a `lead-endpoint` to send a request to, or an `office-phone`. */
  offered(config: WidgetConfig): boolean;
  /** Opens the ladder; resolves when the visitor closes it. */
  open(config: WidgetConfig): Promise<void>;
}

/** The ladder of the element `host`, about the page's listing (`leads`). */
export function personLadder(
  host: HTMLElement,
  leads: Pick<ConversationLeads, 'readListing'>,
): PersonLadder {
  return {
    offered: (config) =>
      config.leadEndpoint !== null || (host.getAttribute('office-phone')?.trim() ?? '') !== '',
    async open(config) {
      const [handler, page] = await Promise.all([loadLeadHandler(), leads.readListing()]);
      const href = host.ownerDocument.defaultView?.location.href;
      await handler.openPersonLadder({
        host,
        leadEndpoint: config.leadEndpoint,
        demo: config.demo,
        listing: page.listing,
        pageUrl: (href && pageUrlVariable(href)) ?? null,
        language: elementLanguage(host),
      });
    },
  };
}
