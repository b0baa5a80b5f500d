import type { ReactElement } from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import { useUiServices } from './ui-services.ts';

/**
 * `Talk to a person` (docs/behaviour.md#talk-to-a-person): opens the ladder, whose code loads on
 * the press, so the panel carries only this button. Shown where `person.offered` says so.
 */
export function TalkToPersonButton({ config }: { config: WidgetConfig }): ReactElement {
  const { texts, person } = useUiServices();
  return (
    <button
      type="button"
      className="type-instead"
      part="talk-to-person"
      onClick={() => {
        person.open(config).catch(() => undefined);
      }}
    >
      {texts.talkToPerson}
    </button>
  );
}
