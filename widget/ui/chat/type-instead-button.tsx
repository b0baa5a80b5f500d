import { type ReactElement, useSyncExternalStore } from 'react';
import { useUiServices } from '../ui-services.ts';

interface TypeInsteadButtonProps {
  /** The `chat` attribute is on. */
  enabled: boolean;
  /** Called after the text box opened (the floating launcher opens its panel). */
  onOpen?: () => void;
}

/**
 * `Type instead`: always next to Talk while the text box is closed, and the main way forward
 * (primary style, with a sentence) once the microphone was denied, missing or busy.
 */
export function TypeInsteadButton({
  enabled,
  onOpen,
}: TypeInsteadButtonProps): ReactElement | null {
  const { chat, texts } = useUiServices();
  const snapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  if (!enabled || snapshot.open) {
    return null;
  }
  const prominent = snapshot.microphoneUnavailable;
  return (
    <>
      <button
        type="button"
        className={prominent ? 'type-instead type-instead--prominent' : 'type-instead'}
        part="type-instead"
        onClick={() => {
          chat.open();
          onOpen?.();
        }}
      >
        {texts.typeInstead}
      </button>
      {prominent ? <p className="type-hint">{texts.typeWhenNoMicrophone}</p> : null}
    </>
  );
}
