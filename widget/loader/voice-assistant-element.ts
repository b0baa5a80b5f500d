// Over 300 lines as one concept: the <voice-assistant> element class, its lifecycle and the
// hand-over of its shadow root to the UI chunk.
import { version } from '../../package.json';
import { ATTRIBUTES } from '../element/attributes.ts';
import type { CallOptionsOverride, LoadUi, MountedUi, UiBridge } from '../element/bridge.ts';
import { elementLanguage } from '../element/i18n/languages.ts';
import { LIVE_CONVERSATION_KEY } from '../element/live-conversation.ts';
import { widgetStyleSheet } from '../element/styles.ts';
import { TEXTS } from '../element/texts.ts';
import { VoiceAssistantError } from '../element/voice-assistant-error.ts';
import { ConfigStore } from './config-store.ts';
import { ElementBase } from './element-base.ts';
import { HeldPress } from './held-press.ts';
import { leadsPending, leftOnDevice } from './pending-leads.ts';
import type { PendingStart } from './pending-start.ts';
import { buildStaticView, type StaticView, showConnecting } from './static-view.ts';

/** Pointer, focus and touch: the visitor may be about to talk, so fetch the UI now. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', 'pointerdown'] as const;

const notRegistered: LoadUi = () =>
  Promise.reject(new Error('Register <voice-assistant> with defineVoiceAssistant() first.'));

/**
 * `<voice-assistant>`: the framework-free loader element. It draws the real idle button at once
 * (shadow DOM, one constructable stylesheet), and on the first sign of intent (hover, focus,
 * touch, click) imports the React UI chunk, which takes over the same shadow root. A click
 * before that chunk arrives shows the connecting label in the same frame and is carried out
 * when the code is there.
 *
 * Its attributes, events, parts and custom properties are documented once, in
 * `widget/element/element-docs.ts` (the source of `custom-elements.json`).
 */
export class VoiceAssistantElement extends ElementBase {
  /** The widget version that defined this class; `defineVoiceAssistant` compares it. */
  static readonly version: string = version;

  /** Fetches the UI chunk; each registered subclass sets its own (see `loader/register-element.ts`). */
  static readonly loadUi: LoadUi = notRegistered;

  static get observedAttributes(): string[] {
    return [...ATTRIBUTES];
  }

  readonly #root: ShadowRoot;
  /** The attributes, parsed once per change; handed to the UI. */
  readonly #attributes = new ConfigStore(this);
  #view: StaticView | null = null;
  #ui: MountedUi | null = null;
  #loading: Promise<MountedUi> | null = null;
  #pending: PendingStart | null = null;
  /** `Type instead` was pressed before the UI arrived. */
  #chatPending = false;
  #status = '';
  #callOptions: CallOptionsOverride | undefined;
  /** A press held on the loader's button while the UI arrives. */
  readonly #press = new HeldPress();

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = [widgetStyleSheet(this.ownerDocument)];
  }

  /** Call options for tests and advanced hosts, read at each start: set them before the first. */
  get callOptions(): CallOptionsOverride | undefined {
    return this.#callOptions;
  }

  set callOptions(options: CallOptionsOverride | undefined) {
    this.#callOptions = options;
  }

  connectedCallback(): void {
    // A value set on the element before it was upgraded shadows the accessor: move it over.
    if (Object.hasOwn(this, 'callOptions')) {
      const value = (this as { callOptions?: CallOptionsOverride }).callOptions;
      delete (this as { callOptions?: CallOptionsOverride }).callOptions;
      this.callOptions = value;
    }
    this.#attributes.warn();
    if (this.#ui) {
      return;
    }
    this.#render();
    for (const type of INTENT_EVENTS) {
      this.addEventListener(type, this.#onIntent, { passive: true });
    }
    // Leads an earlier page could not deliver are sent now, and a call or chat that was live
    // when the visitor left the last page resumes, without waiting for intent
    // (docs/behaviour.md#leads, #resume): the UI chunk carries them on.
    if (
      (this.hasAttribute('lead-endpoint') && leadsPending()) ||
      leftOnDevice('sessionStorage', LIVE_CONVERSATION_KEY)
    ) {
      this.#onIntent();
    }
  }

  attributeChangedCallback(_name: string, oldValue: string | null, value: string | null): void {
    if (oldValue === value) {
      return;
    }
    this.#attributes.changed();
    if (this.isConnected) {
      this.#attributes.warn();
    }
    if (!this.#ui && this.#view) {
      this.#render();
    }
  }

  /** Starts a call (loading the UI first if needed). Resolves when the call is up or failed. */
  start(): Promise<void> {
    if (this.#ui) {
      return this.#ui.controller.start();
    }
    if (this.#attributes.get().problems.length > 0) {
      return Promise.resolve();
    }
    if (!this.#pending) {
      const pending: PendingStart = { cancelled: false, promise: Promise.resolve() };
      this.#pending = pending;
      this.#status = '';
      this.#showPending();
      pending.promise = this.#startWhenLoaded(pending);
    }
    return this.#pending.promise;
  }

  /** Ends the call, or cancels one that is still connecting. */
  async stop(): Promise<void> {
    if (this.#ui) {
      return this.#ui.controller.stop();
    }
    if (this.#pending) {
      this.#pending.cancelled = true;
      this.#pending = null;
      this.#showPending();
    }
  }

  /** Mutes or unmutes the microphone. Throws `Call object is not available.` without a call. */
  setMuted(muted: boolean): void {
    this.#controller().setMuted(muted);
  }

  /** Whether the microphone is muted. Throws `Call object is not available.` without a call. */
  isMuted(): boolean {
    return this.#controller().isMuted();
  }

  /** Makes the assistant say `text` (and hang up after it when asked). */
  say(text: string, endCallAfterSpoken?: boolean): void {
    this.#controller().say(text, endCallAfterSpoken);
  }

  #controller(): MountedUi['controller'] {
    if (!this.#ui) {
      throw new VoiceAssistantError();
    }
    return this.#ui.controller;
  }

  async #startWhenLoaded(pending: PendingStart): Promise<void> {
    let ui: MountedUi;
    try {
      ui = await this.#load();
    } catch (error) {
      if (this.#pending === pending) {
        this.#pending = null;
        this.#status = TEXTS.loadFailed;
        this.#showPending();
      }
      throw error;
    }
    if (pending.cancelled) {
      return;
    }
    this.#pending = null;
    return ui.controller.start();
  }

  /** Shows on the loader's own button whether a start is pending. */
  #showPending(): void {
    showConnecting(this.#view, this.#attributes.get().labels, this.#pending !== null, this.#status);
  }

  #render(): void {
    const hadFocus = this.#view?.button != null && this.#root.activeElement === this.#view.button;
    const view = buildStaticView(this.ownerDocument, this.#attributes.get(), {
      connecting: this.#pending !== null,
      status: this.#status,
      language: elementLanguage(this),
    });
    view.button?.addEventListener('click', this.#onClick);
    view.typeInstead?.addEventListener('click', this.#onTypeInstead);
    for (const pressed of [view.button, view.typeInstead]) {
      pressed?.addEventListener('pointerdown', this.#onPress);
      pressed?.addEventListener('keydown', this.#onPress);
    }
    if (this.#view) {
      this.#view.wrapper.replaceWith(view.wrapper);
    } else {
      this.#root.append(view.wrapper);
    }
    this.#view = view;
    this.#describeProblems(view);
    if (hadFocus) {
      view.button?.focus();
    }
  }

  /**
   * Says what is wrong with the attributes, in the element's language: the sentences live with
   * the UI's texts, so the UI takes over at once (there is no button to wait for intent on).
   * Offline, the alert names the attribute to check, which reads the same in every language.
   */
  #describeProblems(view: StaticView): void {
    const { problem } = view;
    if (!problem) {
      return;
    }
    this.#load().catch(() => {
      if (this.#view === view) {
        problem.textContent = 'assistant-id';
      }
    });
  }

  #load(): Promise<MountedUi> {
    const loadUi = (this.constructor as typeof VoiceAssistantElement).loadUi;
    this.#loading ??= loadUi(elementLanguage(this)).then(
      async (mountUi) => {
        // The browser clicks only when press and release land on the same element: swapping
        // the button while the visitor holds it down would swallow that click.
        await this.#press.released();
        const ui = mountUi(this.#root, this.#bridge());
        this.#ui = ui;
        for (const type of INTENT_EVENTS) {
          this.removeEventListener(type, this.#onIntent);
        }
        return ui;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  #bridge(): UiBridge {
    return {
      host: this,
      config: this.#attributes,
      callOptions: () => this.#callOptions,
      pendingStart: () => this.#pending !== null && !this.#pending.cancelled,
      pendingChat: () => this.#chatPending,
      // The loader's two buttons are `.button` and `.type-instead`: the UI has one of each.
      staticFocus: () => {
        const focused = this.#view && this.#root.activeElement;
        return focused ? `.${focused.classList[0]}` : null;
      },
      mounted: () => {
        this.#view?.wrapper.remove();
        this.#view = null;
      },
    };
  }

  readonly #onIntent = (): void => {
    // A failed prefetch is retried by the click, which then shows what went wrong.
    this.#load().catch(() => undefined);
  };

  readonly #onTypeInstead = (): void => {
    this.#press.end();
    this.#chatPending = true;
    this.#load().catch(() => {
      this.#chatPending = false;
      this.#status = TEXTS.loadFailed;
      this.#showPending();
    });
  };

  readonly #onPress = (event: Event): void => {
    this.#press.begin(event, this.ownerDocument);
  };

  readonly #onClick = (): void => {
    // A click ends the press even if the page kept its release from us.
    this.#press.end();
    if (this.#view?.button?.getAttribute('aria-disabled') === 'true') {
      return;
    }
    // The status line already says what failed; nothing else to report here.
    this.start().catch(() => undefined);
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-assistant': VoiceAssistantElement;
  }
}
