import {
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { WidgetConfig } from './attributes.ts';
import { ControlsFrame, TalkControls } from './talk-controls.tsx';
import { TEXTS } from './texts.ts';
import { WaveCanvas } from './wave-canvas.tsx';
import type { SessionSnapshot, WidgetSession } from './widget-session.ts';

interface FloatingWidgetProps {
  config: WidgetConfig;
  snapshot: SessionSnapshot;
  session: WidgetSession;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * `mode="floating"`: a launcher at the bottom right. Pressing it opens a compact, non-modal
 * panel and starts the call; the panel also opens whenever a call is running (for example
 * after `el.start()`). Escape or the close button ends the call, closes the panel and gives
 * focus back to the launcher.
 */
export function FloatingWidget({
  config,
  snapshot,
  session,
  buttonRef,
}: FloatingWidgetProps): ReactElement {
  const [opened, setOpened] = useState(false);
  const open = opened || snapshot.state !== 'idle';
  const focusAfterRender = useRef<'panel' | 'launcher' | null>(null);

  useLayoutEffect(() => {
    if (focusAfterRender.current) {
      buttonRef.current?.focus();
      focusAfterRender.current = null;
    }
  });

  const openAndStart = (): void => {
    setOpened(true);
    focusAfterRender.current = 'panel';
    session.start().catch(() => undefined);
  };

  const close = (): void => {
    setOpened(false);
    focusAfterRender.current = 'launcher';
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
      <div className="va va--floating" part="container">
        <ControlsFrame demo={config.demo} status={snapshot.status}>
          <button
            ref={buttonRef}
            type="button"
            className="button"
            part="button launcher"
            onClick={openAndStart}
          >
            {config.labels.idle}
          </button>
        </ControlsFrame>
      </div>
    );
  }

  return (
    <div className="va va--floating" part="container">
      <section
        className="panel"
        part="panel"
        role="dialog"
        aria-labelledby="va-panel-title"
        onKeyDown={onKeyDown}
      >
        <div className="panel-head">
          <h2 id="va-panel-title" className="panel-title">
            {TEXTS.panelTitle}
          </h2>
          <button
            type="button"
            className="close"
            part="close"
            aria-label={TEXTS.close}
            onClick={close}
          >
            ×
          </button>
        </div>
        <div className="stage">
          <WaveCanvas session={session} active={snapshot.state === 'active'} />
        </div>
        <TalkControls config={config} snapshot={snapshot} session={session} buttonRef={buttonRef} />
      </section>
    </div>
  );
}
