import {
  type ReactElement,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { describeProblems } from '../element/after-intent/problems.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { WidgetApp } from '../session/widget-app.ts';
import { callStatus } from './call-status.ts';
import { TypeInsteadButton } from './chat/type-instead-button.tsx';
import { ConsentLayer } from './consent/consent-dialog.tsx';
import { FloatingWidget } from './floating-widget.tsx';
import { SecondaryControls } from './secondary-controls.tsx';
import { TalkControls } from './talk-controls.tsx';
import { TalkToPersonButton } from './talk-to-person-button.tsx';
import { TranscriptLog } from './transcript-log.tsx';
import { type UiServices, UiServicesContext, useUiServices } from './ui-services.ts';
import { useConversation } from './use-conversation.ts';
import { WaveCanvas } from './wave-canvas.tsx';

/** The internal element the view renders into (`view-element.ts`), carrying its `<voice-assistant>`'s application. */
export type AppElement = HTMLElement & { app?: WidgetApp };

/** The view's only prop: the internal element itself. */
export interface VoiceAssistantViewProps {
  container?: AppElement;
}

/**
 * The React UI of `<voice-assistant>`, rendered into an internal custom element
 * (`view-element.ts`) and mounted by the loader inside its shadow root. It draws exactly the DOM the loader drew
 * before intent (so nothing moves when it takes over), then the call's states, the wave, the
 * status line and, in floating mode, the panel.
 */
export function VoiceAssistantView({ container }: VoiceAssistantViewProps): ReactElement {
  const app = container?.app;
  if (!app) {
    throw new Error('The voice assistant UI was mounted without its <voice-assistant> loader.');
  }
  const { texts: textStore, chat, consent, calls, bridge, person } = app;
  const { language, texts } = useSyncExternalStore(textStore.subscribe, textStore.getSnapshot);
  const config = useSyncExternalStore(app.config.subscribe, app.config.get);
  const services = useMemo<UiServices>(
    () => ({ language, texts, chat, consent, calls, bridge, person }),
    [language, texts, chat, consent, calls, bridge, person],
  );
  return (
    <UiServicesContext.Provider value={services}>
      <ViewBody container={container} config={config} />
      <ConsentLayer />
    </UiServicesContext.Provider>
  );
}

function ViewBody({
  container,
  config,
}: {
  container: HTMLElement;
  config: WidgetConfig;
}): ReactElement {
  const { chat, texts, calls, bridge, person } = useUiServices();
  const snapshot = useSyncExternalStore(calls.subscribe, calls.getSnapshot);
  const conversation = useConversation(calls);
  const chatSnapshot = useSyncExternalStore(chat.subscribe, chat.getSnapshot);

  useLayoutEffect(() => {
    const focused = bridge.staticFocus();
    bridge.mounted();
    if (focused) {
      container.querySelector<HTMLButtonElement>(focused)?.focus();
    }
  }, [bridge, container]);

  // Removing the element from the page ends its call and releases the microphone.
  useEffect(
    () => () => {
      calls.stop().catch(() => undefined);
    },
    [calls],
  );

  if (config.problems.length > 0) {
    return (
      <div className={`va va--${config.mode}`} part="container">
        <div className="controls">
          <p className="problem" part="problem" role="alert">
            {describeProblems(config.problems, texts)}
          </p>
        </div>
      </div>
    );
  }
  if (config.mode === 'floating') {
    return <FloatingWidget config={config} snapshot={snapshot} />;
  }
  const name = config.assistantName ?? texts.assistant;
  // Typed lines show in full while the text box is open; otherwise the mode's captions.
  const typing = chatSnapshot.open || chatSnapshot.chat.entries.length > 0;
  const shown = {
    ...snapshot,
    status: callStatus(
      snapshot.state,
      snapshot.status,
      conversation,
      name,
      texts,
      config.captions || typing,
    ),
  };
  const active = snapshot.state === 'active';
  // Inline, once there is a conversation to show, the button shares its row with Mute and Type
  // instead and the captions get the rest of the box (styles-view.ts, .va--talked).
  const talked =
    config.mode === 'inline' &&
    (active || conversation.lines.length > 0 || conversation.endedAfterMs !== null || typing);
  return (
    <div className={`va va--${config.mode}${talked ? ' va--talked' : ''}`} part="container">
      <WaveCanvas active={snapshot.state === 'active'} />
      <TalkControls config={config} snapshot={shown}>
        {config.captions || typing ? (
          <TranscriptLog
            conversation={config.captions ? conversation : { ...conversation, lines: [] }}
            assistantName={name}
            variant={
              chatSnapshot.open ? 'log' : config.mode === 'fullscreen' ? 'subtitles' : 'latest'
            }
            chat={chatSnapshot.chat}
            onRetry={(id) => {
              chat.retry(id).catch(() => undefined);
            }}
          />
        ) : null}
        <SecondaryControls active={active} muted={conversation.muted}>
          {active && config.chat ? <TypeInsteadButton enabled /> : null}
          {/* Beside a conversation only, so the idle view stays the loader's first paint. */}
          {talked && person.offered(config) ? <TalkToPersonButton config={config} /> : null}
        </SecondaryControls>
      </TalkControls>
    </div>
  );
}
