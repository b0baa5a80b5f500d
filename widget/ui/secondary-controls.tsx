import type { ReactElement, ReactNode } from 'react';
import { MuteButton } from './mute-button.tsx';
import { useUiServices } from './ui-services.ts';

interface SecondaryControlsProps {
  /** A call is active: Mute is shown. */
  active: boolean;
  muted: boolean;
  /** More small controls beside Mute (for example a "Type instead" button). */
  children?: ReactNode;
}

/**
 * The row of small controls under the talk button: Mute during a call, then whatever the view
 * adds. They stay small so the talk button remains the one primary control.
 */
export function SecondaryControls({
  active,
  muted,
  children,
}: SecondaryControlsProps): ReactElement | null {
  const { texts, calls } = useUiServices();
  // Each child slot may be empty (`null`): with none filled and no call, there is no row.
  const filled = Array.isArray(children) ? children.some(Boolean) : Boolean(children);
  if (!active && !filled) {
    return null;
  }
  const toggle = (): void => {
    try {
      calls.setMuted(!muted);
    } catch {
      // The call ended between the render and the press: nothing left to mute.
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and a border; a named group is what is meant.
    <div
      className="secondary"
      part="secondary-controls"
      role="group"
      aria-label={texts.callControls}
    >
      {active ? <MuteButton muted={muted} onToggle={toggle} /> : null}
      {children}
    </div>
  );
}
