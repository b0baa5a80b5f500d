import { CallClient } from '../call/call-client.ts';
import { CallError } from '../call/call-error.ts';
import { dispatchWidgetEvent } from '../element/after-intent/dom-events.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallOptionsOverride, WidgetController } from '../element/bridge.ts';
import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import type { ConsentRecord } from '../leads/watch/consent-record.ts';
import { type CallControllerDeps, type CallSnapshot, UI_STATE } from './call-controller-deps.ts';
import { relayCallEvents } from './call-events.ts';
import { ConversationStore } from './conversation-store.ts';
import { failureMessage } from './failure-messages.ts';
import { Listeners } from './listeners.ts';
import { clientOptions, startInput, withListingVariables } from './start-input.ts';
import type { VisitorContext } from './visitor-overrides.ts';
import { VolumeTween } from './volume-tween.ts';

/**
 * One widget's voice calls, framework-free: it owns a `CallClient` per call, maps the client's
 * states to the three visible ones, keeps the status line, smooths the volume for the wave and
 * re-dispatches the client's events as `voice-assistant:*` DOM events from the host.
 */
export type { CallControllerDeps, CallLeads, CallSnapshot } from './call-controller-deps.ts';

export class CallController implements WidgetController {
  readonly volume = new VolumeTween();
  /** Transcript, who is speaking and mute, for the conversation view. */
  readonly conversation = new ConversationStore();
  readonly #deps: CallControllerDeps;
  readonly #changes = new Listeners();
  readonly #samples = new Listeners();
  readonly #failures = new Listeners<[code: string]>();
  #snapshot: CallSnapshot = { state: 'idle', status: '' };
  #client: CallClient | null = null;
  #detach: (() => void) | null = null;
  #starting: Promise<void> | null = null;
  #generation = 0;
  #failed = false;

  constructor(deps: CallControllerDeps) {
    this.#deps = deps;
  }

  readonly subscribe = this.#changes.subscribe;

  readonly getSnapshot = (): CallSnapshot => this.#snapshot;

  /** Called after each volume sample (the reduced-motion indicator redraws then). */
  onSample(listener: () => void): () => void {
    return this.#samples.subscribe(listener);
  }

  /** Calls `listener` with the code of each failure (the chat offers typing when the microphone fails). */
  onFailure(listener: (code: string) => void): () => void {
    return this.#failures.subscribe(listener);
  }

  /** The call client of the call in progress (or of the last one). */
  get client(): CallClient | null {
    return this.#client;
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
    const answer = this.#deps.consent?.request('call') ?? null;
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

  /** Shows `status` on the status line (the resume chunk's outcome). */
  notice(status: string): void {
    this.#update({ ...this.#snapshot, status });
  }

  #begin(config: WidgetConfig, consent: ConsentRecord | null): Promise<void> {
    if (this.#snapshot.state !== 'idle' || config.problems.length > 0) {
      return Promise.resolve();
    }
    const generation = ++this.#generation;
    this.#failed = false;
    this.conversation.reset();
    this.#update({ state: 'connecting', status: '' });
    const overrides = this.#deps.callOptions();
    const language = this.#deps.language?.();
    const visitor = language ? { language, consent } : null;
    return this.#run(config, overrides, generation, consent, visitor);
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
    consent: ConsentRecord | null,
    visitor: VisitorContext | null,
  ): Promise<void> {
    try {
      // The listing first: the call client is built with everything its start needs.
      const page = await this.#deps.leads.callBegins(consent);
      const options = await clientOptions(config, overrides, this.#deps.loadDemo);
      if (generation !== this.#generation) {
        return;
      }
      const input = withListingVariables(startInput(config, visitor), page.variables);
      const client = new CallClient(options);
      this.#attach(client);
      this.#deps.leads.watchCall(client, page.listing);
      await client.start(input);
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
    this.#detach = relayCallEvents(client, this.#deps.host, {
      state: (state) => {
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
      ended: () => this.#end(),
      speech: (speaking) => this.conversation.speech(speaking),
      volume: (volume) => {
        this.volume.push(volume, this.#deps.now());
        this.#samples.notify();
      },
      message: (message) => this.conversation.message(message),
      error: (error) => this.#fail(error),
    });
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
    this.#failures.notify(code);
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
    this.#deps.leads.conversationEnded({ channel: 'call', lines, durationMs: endedAfterMs });
    const status = this.#failed
      ? this.#snapshot.status
      : wasActive
        ? this.#deps.texts().callEnded
        : '';
    this.#update({ state: 'idle', status });
  }

  #update(next: CallSnapshot): void {
    const previous = this.#snapshot;
    if (previous.state === next.state && previous.status === next.status) {
      return;
    }
    this.#snapshot = next;
    this.#changes.notify();
    if (previous.state !== next.state) {
      dispatchWidgetEvent(this.#deps.host, 'voice-assistant:state-change', { state: next.state });
    }
  }
}
