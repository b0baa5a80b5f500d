import {
  type KeyboardEvent,
  type ReactElement,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useUiServices } from '../ui-services.ts';

/**
 * The text box (docs/behaviour.md#chat): a `Message to Nora` field and `Send`; the lines go to the
 * `Transcript` log.
 * Enter sends, Shift+Enter adds a line. The field clears once the line is in the log; if the
 * visitor answers `Not now` to the disclosure, the text stays where it was.
 */
export function ChatBox({
  enabled,
  name,
}: {
  enabled: boolean;
  /** The assistant's name, in the field's name. */
  name: string;
}): ReactElement | null {
  const { chat, texts } = useUiServices();
  const snapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot);
  const [draft, setDraft] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  // The `Type instead` button disappears as the box opens: focus goes to the field.
  useLayoutEffect(() => {
    if (snapshot.open && chat.takeFocusRequest()) {
      field.current?.focus();
    }
  }, [snapshot.open, chat]);

  if (!enabled || !snapshot.open) {
    return null;
  }

  const submit = (): void => {
    const text = draft;
    chat
      .send(text)
      .then((accepted) => {
        if (accepted) {
          setDraft((current) => (current === text ? '' : current));
        }
      })
      .catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section className="chat" part="chat" aria-label={texts.typeInstead}>
      <form
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={field}
          className="chat-field"
          name="message"
          rows={2}
          aria-label={texts.messageTo(name)}
          aria-describedby="va-chat-hint"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-send"
          aria-disabled={snapshot.chat.waiting ? 'true' : undefined}
        >
          {texts.send}
        </button>
        <p id="va-chat-hint" className="chat-hint">
          {texts.messageHint}
        </p>
      </form>
    </section>
  );
}
