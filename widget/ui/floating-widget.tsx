import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import { TypeInsteadButton } from './chat/type-instead-button.tsx';
import { ControlsFrame, TalkControls } from './talk-controls.tsx';
import { useUiServices } from './ui-services.ts';
import { WaveCanvas } from './wave-canvas.tsx';
import type { SessionSnapshot, WidgetSession } from './widget-session.ts';

interface FloatingWidgetProps {
  config: WidgetConfig;
  snapshot: SessionSnapshot;
  session: WidgetSession;
}

/**
 * `mode="floating"`: a launcher at the bottom right. Pressing it opens a compact, non-modal
 * panel and starts the call; the panel also opens whenever a call is running (for example
 * after `el.start()`). Escape or the close button ends the call, closes the panel and gives
 * focus back to the launcher.
 */
export function FloatingWidget({ config, snapshot, session }: FloatingWidgetProps): ReactElement {
  const [opened, setOpened] = useState(false);
  const { chat, texts } = useUiServices();
  const chatOpen = useSyncExternalStore(chat.subscribe, chat.getSnapshot).open;
  const open = opened || chatOpen || snapshot.state !== 'idle';
  const box = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  /** Whether keyboard focus is inside the widget (kept when a focused button is removed). */
  const focusInside = useRef(false);

  // When the panel opens or closes, focus the main button of what is now shown (the panel's
  // talk button, or the launcher), so keyboard users never land on the page's body: after the
  // visitor's own open/close, or when the view changed under a focused button (a call started
  // by the loader or by el.start()). Closing waits for the call to end, so the move happens
  // when the view really changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run exactly when `open` flips (the view switched), not on every render.
  useLayoutEffect(() => {
    const doc = box.current?.ownerDocument;
    const focusLost = doc !== undefined && (doc.activeElement ?? doc.body) === doc.body;
    if (moveFocus.current || (focusInside.current && focusLost)) {
      box.current?.querySelector<HTMLButtonElement>('button.button')?.focus();
    }
    moveFocus.current = false;
  }, [open]);

  const trackFocus = {
    onFocusCapture: () => {
      focusInside.current = true;
    },
    // Focus moving to another element outside clears it; a focused button being removed (no
    // related target) does not.
    onBlurCapture: (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next !== null && !box.current?.contains(next)) {
        focusInside.current = false;
      }
    },
  };

  const openAndStart = (): void => {
    setOpened(true);
    moveFocus.current = true;
    session.start().catch(() => undefined);
  };

  const close = (): void => {
    setOpened(false);
    chat.close();
    moveFocus.current = true;
    session.stop().catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  if (!open) {
    return (
      <div ref={box} className="va va--floating" part="container" {...trackFocus}>
        <ControlsFrame demo={config.demo} status={snapshot.status}>
          <button type="button" className="button" part="button launcher" onClick={openAndStart}>
            {config.labels.idle}
          </button>
          {config.chat ? (
            <div className="type-slot">
              <TypeInsteadButton enabled />
            </div>
          ) : null}
        </ControlsFrame>
      </div>
    );
  }

  return (
    <div ref={box} className="va va--floating" part="container" {...trackFocus}>
      <section
        className="panel"
        part="panel"
        role="dialog"
        aria-labelledby="va-panel-title"
        onKeyDown={onKeyDown}
      >
        <div className="panel-head">
          <h2 id="va-panel-title" className="panel-title">
            {texts.panelTitle}
          </h2>
          <button
            type="button"
            className="close"
            part="close"
            aria-label={texts.close}
            onClick={close}
          >
            ×
          </button>
        </div>
        <div className="stage">
          <WaveCanvas session={session} active={snapshot.state === 'active'} />
        </div>
        <TalkControls config={config} snapshot={snapshot} session={session} />
      </section>
    </div>
  );
}
