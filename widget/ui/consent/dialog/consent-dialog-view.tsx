import { type KeyboardEvent, type ReactElement, useLayoutEffect, useRef } from 'react';
import { useUiServices } from '../../ui-services.ts';

const FOCUSABLE = 'a[href], button, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The `Before we start` dialog itself (docs/behaviour.md#consent), loaded the first time the
 * consent gate asks (see `consent-dialog.tsx`). Modal: focus moves into it and is kept there,
 * Escape means `Not now`, and on closing focus goes back where it was (or to the talk button
 * when that element is gone).
 */
export default function ConsentDialog({
  text,
  url,
}: {
  text: string;
  url: string | null;
}): ReactElement {
  const { consent, texts } = useUiServices();
  const dialog = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const node = dialog.current;
    const root = node?.getRootNode() as Document | ShadowRoot | undefined;
    const previous = root?.activeElement as HTMLElement | null | undefined;
    node?.focus();
    return () => {
      if (previous?.isConnected) {
        previous.focus();
      } else {
        root?.querySelector<HTMLElement>('button.button')?.focus();
      }
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      consent.decline();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) {
      return;
    }
    const stops = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const root = dialog.current.getRootNode() as Document | ShadowRoot;
    const index = stops.indexOf(root.activeElement as HTMLElement);
    const next = event.shiftKey
      ? index <= 0
        ? stops.at(-1)
        : stops[index - 1]
      : index === stops.length - 1
        ? stops[0]
        : stops[index + 1];
    event.preventDefault();
    next?.focus();
  };

  return (
    <div className="va va--overlay" part="consent-overlay">
      <div
        ref={dialog}
        className="consent"
        part="consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="va-consent-title"
        aria-describedby="va-consent-text"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id="va-consent-title" className="consent-title">
          {texts.consentTitle}
        </h2>
        <p id="va-consent-text" className="consent-text">
          {text}
        </p>
        {url ? (
          <a className="consent-link" href={url} target="_blank" rel="noopener noreferrer">
            {texts.consentTerms}
          </a>
        ) : null}
        <div className="consent-actions">
          <button type="button" className="consent-agree" onClick={() => consent.agree()}>
            {texts.agree}
          </button>
          <button type="button" className="consent-decline" onClick={() => consent.decline()}>
            {texts.notNow}
          </button>
        </div>
      </div>
    </div>
  );
}
