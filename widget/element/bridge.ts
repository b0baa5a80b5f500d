import type { Labels, WidgetConfig } from './attributes.ts';
import type { Language } from './i18n/languages.ts';

/**
 * The seam between the tiny loader (`<voice-assistant>`, loaded by the script tag) and the React
 * UI chunk (loaded on intent). Types only: nothing here reaches the loader's bytes.
 */

/**
 * Call options a host or a test may set on the element (`el.callOptions = {...}`), forwarded to
 * the call client at each start. The contract does not import the call client: the composition
 * root (`widget/entries/define-element.ts`) fills this interface in with the call client's options.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging at the composition root.
export interface CallOptionsOverride {}

/** The element's imperative API, implemented by the UI chunk. */
export interface WidgetController {
  /** Starts a call (no-op unless idle). Resolves when the call is up or has failed. */
  start(): Promise<void>;
  /** Ends the call, or cancels one that is connecting. */
  stop(): Promise<void>;
  /** Mutes or unmutes the microphone; throws `Call object is not available.` without a call. */
  setMuted(muted: boolean): void;
  /** Whether the microphone is muted; throws `Call object is not available.` without a call. */
  isMuted(): boolean;
  /** Makes the assistant say `text`; throws `Call object is not available.` without a call. */
  say(text: string, endCallAfterSpoken?: boolean): void;
}

/** Words the idle label for a named assistant (`Talk to Nora`), in the element's language. */
export type TalkTo = (name: string) => string;

/**
 * The element's parsed attributes. The loader owns it and parses again only when an attribute
 * changes; the UI's view and session read it and listen to it.
 */
export interface WidgetConfigStore {
  /** The current configuration: the same object until an attribute or the texts change. */
  get(): WidgetConfig;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The full texts of the element's language have loaded: labels default to them from now on. */
  setTexts(labels: Labels, talkTo: TalkTo): void;
}

/** What the loader hands to the UI when it mounts it. */
export interface UiBridge {
  /** The `<voice-assistant>` element: event target and source of the attributes. */
  readonly host: HTMLElement;
  /** The element's attributes, parsed. */
  readonly config: WidgetConfigStore;
  /** The host's `callOptions` property, read at each start. */
  callOptions(): CallOptionsOverride | undefined;
  /** The visitor clicked before the UI arrived: start the call before the first render. */
  pendingStart(): boolean;
  /** The visitor pressed `Type instead` before the UI arrived: open the text box at once. */
  pendingChat(): boolean;
  /**
   * The selector of the loader's control that has keyboard focus (`button.button` or
   * `.type-instead`), or null: the UI then moves focus to its own control of the same kind.
   */
  staticFocus(): string | null;
  /** Called once the UI has painted its first frame's DOM: the loader removes its own. */
  mounted(): void;
}

/** What the UI chunk returns to the loader. */
export interface MountedUi {
  controller: WidgetController;
}

/** The UI chunk's entry point (`widget/ui/mount-ui.ts`). */
export type MountUi = (root: ShadowRoot, bridge: UiBridge) => MountedUi;

/**
 * Fetches the UI chunk and the texts of `language` (the language the loader painted in). The
 * loader never imports `ui/` itself: the composition root (`entries/define-element.ts`) hands
 * this function to the registration, so the import graph stays one-way.
 */
export type LoadUi = (language: Language) => Promise<MountUi>;
