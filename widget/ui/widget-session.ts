import { CallClient } from '../call/call-client.ts';
import { CallError } from '../call/call-error.ts';
import type { CallState } from '../call/call-state.ts';
import type { CallEventName, CallEvents } from '../call/events.ts';
import type { DemoCallOptions } from '../demo/demo-call.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallOptionsOverride, WidgetController } from '../element/bridge.ts';
import {
  dispatchWidgetEvent,
  type WidgetServerMessage,
  type WidgetState,
} from '../element/dom-events.ts';
import type { WidgetTexts } from '../element/i18n/widget-texts.ts';
import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import type { ListingVariables } from '../leads/listing-context.ts';
import type { ConsentAnswer } from './consent/consent-gate.ts';
import type { ConsentRecord } from './consent/consent-record.ts';
import { ConversationStore } from './conversation-store.ts';
import { failureMessage } from './error-messages.ts';
import {
  callChannel,
  LeadCapture,
  type ToolCallChannel,
  withListingVariables,
} from './lead-capture.ts';
import { clientOptions, startInput } from './start-input.ts';
import type { VisitorContext } from './visitor-overrides.ts';
import { VolumeTween } from './wave-math.ts';

/** What the React view renders. Immutable: a new object per change. */
export interface SessionSnapshot {
  state: WidgetState;
  /** The aria-live status line: empty, progress, or what failed and what to do. */
  status: string;
}

export interface WidgetSessionDeps {
  /** The `<voice-assistant>` element: every DOM event is dispatched from it. */
  host: HTMLElement;
  /** The validated attributes, read at each start. */
  config(): WidgetConfig;
  /** The host's `callOptions` property, read at each start. */
  callOptions(): CallOptionsOverride | undefined;
  /** Loads the demo assistant (a dynamic import, so the real path never carries it). */
  loadDemo(assistantName: string | null): Promise<DemoCallOptions>;
  userAgent: string;
  now(): number;
  /** The chosen language's texts (status line and failure sentences). */
  texts(): WidgetTexts;
  /**
   * The `consent` disclosure before a call: the agreement (or null when none is set) at once
   * when known, else a promise of the visitor's answer (`false` for `Not now`).
   */
  consent?(purpose: 'call'): ConsentRecord | null | Promise<ConsentAnswer>;
  /** The language to send as the variable `language`. */
  language?(): VisitorContext['language'];
}

const UI_STATE: Record<CallState, WidgetState> = {
  idle: 'idle',
  starting: 'connecting',
  connected: 'active',
};

/**
 * One widget's conversation, framework-free: it owns a `CallClient` per call, maps the client's
 * states to the three visible ones, keeps the status line, smooths the volume for the wave and
 * re-dispatches the client's events as `voice-assistant:*` DOM events from the host.
 */
export class WidgetSession implements WidgetController {
  readonly volume = new VolumeTween();
  /** Transcript, who is speaking and mute, for the conversation view. */
  readonly conversation = new ConversationStore();
  readonly #deps: WidgetSessionDeps;
  readonly #listeners = new Set<() => void>();
  readonly #sampleListeners = new Set<() => void>();
  #snapshot: SessionSnapshot = { state: 'idle', status: '' };
  #client: CallClient | null = null;
  #detach: (() => void) | null = null;
  #starting: Promise<void> | null = null;
  #generation = 0;
  #failed = false;
  readonly #leads: LeadCapture;
  /** The visitor's agreement to the `consent` disclosure for the current conversation. */
  #consent: ConsentRecord | null = null;
  /** The typed chat's tool-call channel while the lead wiring watches it (not a call's). */
  #watchedChat: ToolCallChannel | null = null;

  constructor(deps: WidgetSessionDeps) {
    this.#deps = deps;
    this.#leads = new LeadCapture({
      host: deps.host,
      config: deps.config,
      // A lead may wait on the device for delivery only with consent (docs/behaviour.md#leads),
      // and carries the agreement as evidence.
      consent: () => this.#consent,
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): SessionSnapshot => this.#snapshot;

  /** Called after each volume sample (the reduced-motion indicator redraws then). */
  onSample(listener: () => void): () => void {
    this.#sampleListeners.add(listener);
    return () => this.#sampleListeners.delete(listener);
  }

  start(): Promise<void> {
    if (this.#starting) {
      return this.#starting;
    }
    const config = this.#deps.config();
    if (this.#snapshot.state !== 'idle' || config.problems.length > 0) {
      return Promise.resolve();
    }
    // The disclosure comes before anything else: no microphone, no request until Agree
    // (docs/behaviour.md#consent).
    const answer = this.#deps.consent?.('call') ?? null;
    const started =
      answer instanceof Promise
        ? answer.then((agreement) =>
            agreement === false ? undefined : this.#begin(this.#deps.config(), agreement),
          )
        : this.#begin(config, answer);
    this.#starting = started.finally(() => {
      this.#starting = null;
    });
    return this.#starting;
  }

  /** Sends a typed line to the assistant during the call (`add-message`, docs/behaviour.md#chat). */
  addMessage(text: string): void {
    this.#requireClient().send({ type: 'add-message', message: { role: 'user', content: text } });
  }

  /**
   * Typed chat outside a call answers its lead tool calls like a call does: `channel` is watched
   * until a call starts (and again after), with the chat's agreement to the disclosure (`consent`).
   * Resolves with the page's listing variables for the chat.
   */
  async watchChat(
    channel: ToolCallChannel,
    consent: ConsentRecord | null,
  ): Promise<ListingVariables> {
    this.#consent = consent;
    const page = await this.#leads.readListing();
    if (this.#watchedChat !== channel) {
      this.#watchedChat = channel;
      this.#leads.watch(channel, page.listing);
    }
    return page.variables;
  }

  #begin(config: WidgetConfig, consent: ConsentRecord | null): Promise<void> {
    if (this.#snapshot.state !== 'idle' || config.problems.length > 0) {
      return Promise.resolve();
    }
    const generation = ++this.#generation;
    this.#failed = false;
    this.#consent = consent;
    this.conversation.reset();
    this.#update({ state: 'connecting', status: '' });
    const overrides = this.#deps.callOptions();
    const language = this.#deps.language?.();
    const visitor = language ? { language, consent } : null;
    return this.#run(config, overrides, generation, visitor);
  }

  async stop(): Promise<void> {
    this.#generation++;
    const client = this.#client;
    if (client) {
      await client.stop();
    }
    this.#end();
  }

  setMuted(muted: boolean): void {
    this.#requireClient().setMuted(muted);
    this.conversation.setMuted(muted);
  }

  isMuted(): boolean {
    return this.#requireClient().isMuted();
  }

  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#requireClient().say(text, endCallAfterSpoken);
  }

  #requireClient(): CallClient {
    const client = this.#client;
    if (client?.state !== 'connected') {
      throw new VoiceAssistantError();
    }
    return client;
  }

  async #run(
    config: WidgetConfig,
    overrides: CallOptionsOverride | undefined,
    generation: number,
    visitor: VisitorContext | null,
  ): Promise<void> {
    try {
      const options = await clientOptions(config, overrides, this.#deps.loadDemo);
      if (generation !== this.#generation) {
        return;
      }
      const client = new CallClient(options);
      this.#attach(client);
      const page = await this.#leads.readListing();
      this.#leads.watch(callChannel(client), page.listing);
      this.#watchedChat = null;
      await client.start(withListingVariables(startInput(config, visitor), page.variables));
      if (generation === this.#generation && client.state === 'idle') {
        this.#end();
      }
    } catch (error) {
      if (generation === this.#generation) {
        const code = error instanceof CallError ? error.code : 'start-method-error';
        const stage = error instanceof CallError ? error.stage : undefined;
        const message = error instanceof Error ? error.message : String(error);
        this.#fail({ code, message, stage, recoverable: false });
        this.#end();
      }
    }
  }

  #attach(client: CallClient): void {
    this.#detach?.();
    this.#client = client;
    const host = this.#deps.host;
    const handlers: { [K in CallEventName]?: CallEvents[K] } = {
      'state-change': (state) => {
        if (state === 'idle') {
          this.#end();
        } else {
          if (state === 'connected') {
            this.conversation.callStarted();
          }
          const status =
            state === 'connected'
              ? this.#snapshot.status || this.#deps.texts().connected
              : this.#snapshot.status;
          this.#update({ ...this.#snapshot, state: UI_STATE[state], status });
        }
      },
      'call-start': () => dispatchWidgetEvent(host, 'voice-assistant:call-start', null),
      'call-end': () => {
        this.#end();
        dispatchWidgetEvent(host, 'voice-assistant:call-end', null);
      },
      'speech-start': () => {
        this.conversation.speech(true);
        dispatchWidgetEvent(host, 'voice-assistant:speech-start', null);
      },
      'speech-end': () => {
        this.conversation.speech(false);
        dispatchWidgetEvent(host, 'voice-assistant:speech-end', null);
      },
      'volume-level': (volume) => {
        this.volume.push(volume, this.#deps.now());
        for (const listener of this.#sampleListeners) {
          listener();
        }
      },
      message: (message) => {
        this.conversation.message(message);
        dispatchWidgetEvent(host, 'voice-assistant:message', message as WidgetServerMessage);
      },
      error: (error) => this.#fail(error),
    };
    const entries = Object.entries(handlers) as Array<[CallEventName, CallEvents[CallEventName]]>;
    for (const [event, handler] of entries) {
      client.on(event, handler);
    }
    this.#detach = () => {
      for (const [event, handler] of entries) {
        client.off(event, handler);
      }
    };
  }

  #fail(error: Pick<CallError, 'message' | 'stage' | 'recoverable'> & { code: string }): void {
    // The call client says whether the call goes on (`recoverable`). If it does, the client's
    // own sentence says so; if not, say what to do next.
    const { code, message, stage } = error;
    const fatal = !error.recoverable;
    const status = fatal
      ? failureMessage({
          code,
          message,
          userAgent: this.#deps.userAgent,
          idleLabel: this.#deps.config().labels.idle,
          texts: this.#deps.texts(),
        })
      : message;
    this.#failed ||= fatal;
    this.#update({ ...this.#snapshot, status });
    dispatchWidgetEvent(this.#deps.host, 'voice-assistant:error', {
      code,
      message: status,
      stage,
      recoverable: !fatal,
    });
  }

  /** Back to idle: keeps a failure's message, otherwise says the call ended. */
  #end(): void {
    if (this.#snapshot.state === 'idle') {
      return;
    }
    const wasActive = this.#snapshot.state === 'active';
    this.volume.reset();
    this.conversation.callEnded();
    const { lines, endedAfterMs } = this.conversation.getSnapshot();
    this.#leads.conversationEnded({ channel: 'call', lines, durationMs: endedAfterMs });
    const status = this.#failed
      ? this.#snapshot.status
      : wasActive
        ? this.#deps.texts().callEnded
        : '';
    this.#update({ state: 'idle', status });
  }

  #update(next: SessionSnapshot): void {
    const previous = this.#snapshot;
    if (previous.state === next.state && previous.status === next.status) {
      return;
    }
    this.#snapshot = next;
    for (const listener of this.#listeners) {
      listener();
    }
    if (previous.state !== next.state) {
      dispatchWidgetEvent(this.#deps.host, 'voice-assistant:state-change', { state: next.state });
    }
  }
}
