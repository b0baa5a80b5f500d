import type { ReactElement, ReactNode } from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallSnapshot } from '../session/call-controller.ts';
import { ChatSlot } from './chat/chat-slot.tsx';
import { useUiServices } from './ui-services.ts';

interface ControlsFrameProps {
  demo: boolean;
  status: string;
  children: ReactNode;
  /** Drawn under the status line: the captions and the secondary controls. */
  after?: ReactNode;
}

/**
 * The column around a button: the demo badge above it, the aria-live status line below, then
 * whatever the view adds under it.
 */
export function ControlsFrame({ demo, status, children, after }: ControlsFrameProps): ReactElement {
  const { texts } = useUiServices();
  return (
    <div className="controls">
      {demo ? (
        <span className="badge" part="badge">
          {texts.demoBadge}
        </span>
      ) : null}
      {children}
      <p className="status" part="status" role="status" aria-live="polite">
        {status}
      </p>
      {after}
    </div>
  );
}

interface TalkControlsProps {
  config: WidgetConfig;
  snapshot: CallSnapshot;
  /** Drawn under the status line (captions, secondary controls). */
  children?: ReactNode;
}

/**
 * The talk button with its three labels. While connecting the button is dimmed and
 * `aria-disabled` (not `disabled`), so keyboard focus stays on it and the visitor can press it
 * again as soon as it turns into Stop.
 */
export function TalkControls({ config, snapshot, children }: TalkControlsProps): ReactElement {
  const { texts, calls } = useUiServices();
  const { state } = snapshot;
  const onClick = (): void => {
    // Failures are shown in the status line and dispatched as voice-assistant:error.
    if (state === 'idle') {
      calls.start().catch(() => undefined);
    } else if (state === 'active') {
      calls.stop().catch(() => undefined);
    }
  };
  return (
    <ControlsFrame demo={config.demo} status={snapshot.status} after={children}>
      <button
        type="button"
        className={state === 'active' ? 'button button--active' : 'button'}
        part="button"
        aria-disabled={state === 'connecting' ? 'true' : undefined}
        onClick={onClick}
      >
        {config.labels[state]}
      </button>
      {config.chat ? (
        <ChatSlot calling={state === 'active'} name={config.assistantName ?? texts.assistant} />
      ) : null}
    </ControlsFrame>
  );
}
