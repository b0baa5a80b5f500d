import { SITE_ASSISTANT_ID } from '../lib/site-assistant.ts';
import { siteWidgetAttributes } from '../lib/widget-attributes.ts';
import { settings } from '../settings.ts';

const WIDGET_ATTRIBUTES = siteWidgetAttributes(settings);

/**
 * The landing page's floating `<voice-assistant>` (bottom right), with the site's connection,
 * recording disclosure and demo listing. Its markup needs no script of the page's own: the
 * widget's loader brings the element to life, and Talk to Nora reaches it by its id.
 */
export function AssistantDock() {
  return (
    <aside className="assistant-dock" aria-label="Talk to our AI assistant">
      <voice-assistant
        id={SITE_ASSISTANT_ID}
        mode="floating"
        assistant-id={settings.assistantId}
        {...WIDGET_ATTRIBUTES}
      />
    </aside>
  );
}
