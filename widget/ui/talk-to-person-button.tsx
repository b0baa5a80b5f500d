import type { ReactElement } from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import { loadPersonLadder } from '../leads/load-person-ladder.ts';
import { pageUrlVariable } from '../leads/page/listing-context.ts';
import { useUiServices } from './ui-services.ts';

/** Whether the ladder has anything to offer: a lead endpoint to call back from, or a number. */
export function personOffered(config: WidgetConfig, host: HTMLElement): boolean {
  return config.leadEndpoint !== null || (host.getAttribute('office-phone')?.trim() ?? '') !== '';
}

/**
 * `Talk to a person` (docs/behaviour.md#talk-to-a-person): opens the ladder, whose code loads on
 * the press (`person-ladder` chunk), so the panel carries only this button.
 */
export function TalkToPersonButton({ config }: { config: WidgetConfig }): ReactElement {
  const { texts, bridge, leads, language } = useUiServices();
  const open = async (): Promise<void> => {
    const [ladder, page] = await Promise.all([loadPersonLadder(), leads.readListing()]);
    const href = bridge.host.ownerDocument.defaultView?.location.href;
    await ladder.showPersonLadder({
      host: bridge.host,
      leadEndpoint: config.leadEndpoint,
      demo: config.demo,
      listing: page.listing,
      conversationId: null,
      pageUrl: (href && pageUrlVariable(href)) ?? null,
      language,
    });
  };
  return (
    <button
      type="button"
      className="type-instead"
      part="talk-to-person"
      onClick={() => {
        open().catch(() => undefined);
      }}
    >
      {texts.talkToPerson}
    </button>
  );
}
