import type { ReactElement } from 'react';
import type { WidgetConfig } from '../element/attributes.ts';
import { Avatar } from './avatar.tsx';
import { TypeInsteadButton } from './chat/type-instead-button.tsx';
import { useUiServices } from './ui-services.ts';

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
  const { texts } = useUiServices();
  return (
    <div className="controls">
      {config.demo ? (
        <span className="badge" part="badge">
          {texts.demoBadge}
        </span>
      ) : null}
      {config.avatar ? (
        <Avatar
          url={config.avatar}
          name={config.assistantName ?? texts.assistant}
          variant="launcher"
        />
      ) : null}
      <button type="button" className="button launcher" part="button launcher" onClick={onOpen}>
        {config.labels.idle}
      </button>
      {config.chat ? (
        <div className="type-slot">
          <TypeInsteadButton enabled />
        </div>
      ) : null}
      <p className="status" part="status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
