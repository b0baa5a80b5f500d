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
import type { CallSnapshot } from '../session/call-controller.ts';
import { Avatar } from './avatar.tsx';
import { callStatus } from './call-status.ts';
import { TypeInsteadButton } from './chat/type-instead-button.tsx';
import { Launcher } from './launcher.tsx';
import { SecondaryControls } from './secondary-controls.tsx';
import { TalkControls } from './talk-controls.tsx';
import { TalkToPersonButton } from './talk-to-person-button.tsx';
import { TranscriptLog } from './transcript-log.tsx';
import { useUiServices } from './ui-services.ts';
import { useFocusTrap, useSheetLayout } from './use-bottom-sheet.ts';
import { useConversation } from './use-conversation.ts';
import { WaveCanvas } from './wave-canvas.tsx';

interface FloatingWidgetProps {
  config: WidgetConfig;
  snapshot: CallSnapshot;
}

/**
 * `mode="floating"`: a launcher at the bottom right (or left, `position`). Pressing it opens a
 * compact, non-modal panel (below 480 px a modal bottom sheet that keeps focus) and starts the
 * call; the panel also opens whenever a call is running (for example after `el.start()`) and
 * stays open after it. Escape or the close button ends the call, closes the panel and gives
 * focus back to the launcher.
 */
export function FloatingWidget({ config, snapshot }: FloatingWidgetProps): ReactElement {
  const [opened, setOpened] = useState(false);
  const { chat, texts, calls, person } = useUiServices();
  const chatSnapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  const open = opened || chatSnapshot.open || snapshot.state !== 'idle';
  const calling = snapshot.state !== 'idle';

  // A panel opened for a call (also one started by the loader or el.start()) stays open after
  // it, so the transcript and the call's length stay readable until the visitor closes it. A
  // layout effect, so it runs at the commit: a passive one could run after the visitor's Escape.
  useLayoutEffect(() => {
    if (calling) {
      setOpened(true);
    }
  }, [calling]);
  const box = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const moveFocus = useRef(false);
  const conversation = useConversation(calls);
  const sheet = useSheetLayout();
  const trap = useFocusTrap(panel, sheet);
  const name = config.assistantName ?? texts.assistant;
  const captionsShown =
    config.captions || chatSnapshot.open || chatSnapshot.chat.entries.length > 0;
  const shown = {
    ...snapshot,
    status: callStatus(snapshot.state, snapshot.status, conversation, name, texts, captionsShown),
  };
  const wrapperClass = `va va--floating va--${config.position}`;
  const active = snapshot.state === 'active';

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
    calls.start().catch(() => undefined);
  };

  const close = (): void => {
    setOpened(false);
    chat.close();
    moveFocus.current = true;
    calls.stop().catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else {
      trap.onKeyDown(event);
    }
  };

  if (!open) {
    return (
      <div ref={box} className={wrapperClass} part="container" {...trackFocus}>
        <Launcher config={config} status={snapshot.status} onOpen={openAndStart} />
      </div>
    );
  }

  return (
    <div ref={box} className={wrapperClass} part="container" {...trackFocus}>
      <section
        ref={panel}
        className={config.captions ? 'panel panel--captions' : 'panel'}
        part="panel"
        role="dialog"
        aria-labelledby="va-panel-title"
        aria-modal={sheet ? 'true' : undefined}
        onKeyDown={onKeyDown}
        onBlurCapture={trap.onBlurCapture}
      >
        <div className="panel-head">
          {config.avatar ? <Avatar url={config.avatar} name={name} variant="panel" /> : null}
          <h2 id="va-panel-title" className="panel-title">
            {texts.talkTo(name)}
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
          <WaveCanvas active={snapshot.state === 'active'} />
        </div>
        {captionsShown ? (
          <TranscriptLog
            conversation={config.captions ? conversation : { ...conversation, lines: [] }}
            assistantName={name}
            variant="log"
            chat={chatSnapshot.chat}
            onRetry={(id) => {
              chat.retry(id).catch(() => undefined);
            }}
          />
        ) : null}
        <TalkControls config={config} snapshot={shown}>
          <SecondaryControls active={active} muted={conversation.muted}>
            {active && config.chat ? <TypeInsteadButton enabled /> : null}
            {person.offered(config) ? <TalkToPersonButton config={config} /> : null}
          </SecondaryControls>
        </TalkControls>
      </section>
    </div>
  );
}
