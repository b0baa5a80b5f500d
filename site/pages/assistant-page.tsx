import { useEffect, useSyncExternalStore } from 'react';
import { BRAND_NAME } from '../content/brand.ts';
import { ASSISTANT_NAME, BROKERAGE_NAME } from '../content/names.ts';
import { logger } from '../lib/logger.ts';
import { siteWidgetAttributes } from '../lib/widget-attributes.ts';
import { settings } from '../settings.ts';

/** Exactly the text docs/behaviour.md#landing shows when the query has no assistant id. */
export const MISSING_ID_MESSAGE =
  'Assistant ID is missing from the URL. Please add ?assistantId=...';

const WIDGET_ATTRIBUTES = siteWidgetAttributes(settings);
const noSubscription = () => () => {};

function readAssistantId(): string | null {
  const id = new URLSearchParams(window.location.search).get('assistantId')?.trim();
  return id ? id : null;
}

/** The brand, as a link back to the site, and whose assistant this is. */
function AssistantBrand() {
  return (
    <header className="assistant-brand">
      <a className="assistant-home" href="/" aria-label={`${BRAND_NAME}: back to the site`}>
        <span aria-hidden="true">← </span>
        {BRAND_NAME}
      </a>
      <p className="assistant-owner">
        {ASSISTANT_NAME} · {BROKERAGE_NAME}
      </p>
    </header>
  );
}

/**
 * `/assistant?assistantId=…`: a black full-screen page with the voice assistant, the brand as
 * a way back to the site, and a heading that only assistive technology perceives. The id
 * comes from the URL, so the prerendered page is an empty black screen and the client decides
 * after hydration (`undefined` = not known yet).
 */
export function AssistantPage() {
  const assistantId = useSyncExternalStore<string | null | undefined>(
    noSubscription,
    readAssistantId,
    () => undefined,
  );

  useEffect(() => {
    // The prerendered page already says so; a page rendered without it (dev server) needs it
    // for the black background behind everything.
    document.body.dataset.route = 'assistant';
    const onError = (event: Event) => {
      logger.warn('Voice assistant error', event instanceof CustomEvent ? event.detail : event);
    };
    document.addEventListener('voice-assistant:error', onError);
    return () => document.removeEventListener('voice-assistant:error', onError);
  }, []);

  if (assistantId === undefined) {
    return (
      <main className="assistant-page">
        <noscript>
          <p className="assistant-message">The voice demo needs JavaScript.</p>
        </noscript>
      </main>
    );
  }
  if (assistantId === null) {
    return (
      <main className="assistant-page">
        <h1 className="assistant-message">{MISSING_ID_MESSAGE}</h1>
      </main>
    );
  }
  return (
    <main className="assistant-page">
      <AssistantBrand />
      <h1 className="visually-hidden">{BRAND_NAME} voice assistant</h1>
      <voice-assistant mode="fullscreen" assistant-id={assistantId} {...WIDGET_ATTRIBUTES} />
    </main>
  );
}
