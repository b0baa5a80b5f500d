import { type ReactElement, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { type AttributeValues, parseAttributes } from '../element/attributes.ts';
import { TEXTS } from '../element/texts.ts';
import { callStatus } from './call-status.ts';
import { FloatingWidget } from './floating-widget.tsx';
import { SecondaryControls } from './secondary-controls.tsx';
import { TalkControls } from './talk-controls.tsx';
import { TranscriptLog } from './transcript-log.tsx';
import { uiContextFor } from './ui-context.ts';
import { useConversation } from './use-conversation.ts';
import { WaveCanvas } from './wave-canvas.tsx';

/** The r2wc props: one per declared attribute (its raw value or null), plus r2wc's container. */
export type VoiceAssistantViewProps = AttributeValues & { container?: HTMLElement };

/**
 * The React UI of `<voice-assistant>`, turned into an internal custom element by r2wc and
 * mounted by the loader inside its shadow root. It draws exactly the DOM the loader drew
 * before intent (so nothing moves when it takes over), then the call's states, the wave, the
 * status line and, in floating mode, the panel.
 */
export function VoiceAssistantView(props: VoiceAssistantViewProps): ReactElement {
  const { session, bridge } = uiContextFor(props.container);
  const config = parseAttributes(props, bridge.host.localName);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const conversation = useConversation(session);
  const { container } = props;

  useLayoutEffect(() => {
    const hadFocus = bridge.staticButtonFocused();
    bridge.mounted();
    if (hadFocus) {
      container?.querySelector<HTMLButtonElement>('button.button')?.focus();
    }
  }, [bridge, container]);

  // Removing the element from the page ends its call and releases the microphone.
  useEffect(
    () => () => {
      session.stop().catch(() => undefined);
    },
    [session],
  );

  if (config.problems.length > 0) {
    return (
      <div className={`va va--${config.mode}`} part="container">
        <div className="controls">
          <p className="problem" part="problem" role="alert">
            {config.problems.join(' ')}
          </p>
        </div>
      </div>
    );
  }
  if (config.mode === 'floating') {
    return <FloatingWidget config={config} snapshot={snapshot} session={session} />;
  }
  const name = config.assistantName ?? TEXTS.defaultName;
  const shown = {
    ...snapshot,
    status: callStatus(snapshot.state, snapshot.status, conversation, name),
  };
  return (
    <div className={`va va--${config.mode}`} part="container">
      <WaveCanvas session={session} active={snapshot.state === 'active'} />
      <TalkControls config={config} snapshot={shown} session={session}>
        {config.captions ? (
          <TranscriptLog
            conversation={conversation}
            assistantName={name}
            variant={config.mode === 'fullscreen' ? 'subtitles' : 'latest'}
          />
        ) : null}
        <SecondaryControls
          session={session}
          active={snapshot.state === 'active'}
          muted={conversation.muted}
        />
      </TalkControls>
    </div>
  );
}
