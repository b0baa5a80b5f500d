import type { ReactElement } from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import { TEXTS } from '../element/texts.ts';
import { Avatar } from './avatar.tsx';

interface LauncherProps {
  config: WidgetConfig;
  status: string;
  onOpen(): void;
}

/**
 * The closed floating widget, drawn exactly as the loader draws it before intent (see
 * `loader/static-view.ts`): the launcher pill with the demo badge on its edge and the avatar
 * inside it; below 480 px a round microphone button whose accessible name is still the label.
 * The status line sits above it, so the launcher is the only box in the corner.
 */
export function Launcher({ config, status, onOpen }: LauncherProps): ReactElement {
  return (
    <div className="controls">
      {config.demo ? (
        <span className="badge" part="badge">
          {TEXTS.demoBadge}
        </span>
      ) : null}
      {config.avatar ? (
        <Avatar
          url={config.avatar}
          name={config.assistantName ?? TEXTS.defaultName}
          variant="launcher"
        />
      ) : null}
      <button type="button" className="button launcher" part="button launcher" onClick={onOpen}>
        {config.labels.idle}
      </button>
      <p className="status" part="status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
