import type { ReactElement } from 'react';
import { useUiServices } from './ui-services.ts';

interface MuteButtonProps {
  muted: boolean;
  onToggle(): void;
}

/** The Mute microphone toggle: a small icon button whose pressed state is `aria-pressed`. */
export function MuteButton({ muted, onToggle }: MuteButtonProps): ReactElement {
  const { texts } = useUiServices();
  return (
    <button type="button" className="mute" part="mute" aria-pressed={muted} onClick={onToggle}>
      <span className="mic" aria-hidden="true" />
      <span className="sr-only">{texts.mute}</span>
    </button>
  );
}
