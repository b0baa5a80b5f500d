/**
 * Every visible text of the widget, per language. Each language file is typed with this
 * interface, so a missing or misspelt key fails `tsc` (tests/api/i18n.test-d.ts proves it).
 * Functions take what the sentence must name (the idle label, a browser's setting, the detail
 * of a failure), so each language orders its own words.
 */
export interface WidgetTexts {
  /** The talk button: idle, while connecting, during a call. `label-*` attributes override. */
  labels: { idle: string; connecting: string; active: string };
  demoBadge: string;
  /** The status line when the UI chunk could not be fetched. */
  loadFailed: string;
  /** `Talk to <name>`: the floating panel's heading, and the idle label with `assistant-name`. */
  talkTo(name: string): string;
  /** The floating panel's close button (accessible name). */
  close: string;
  callEnded: string;
  connected: string;
  /** The mute toggle's accessible name (its state is `aria-pressed`). */
  mute: string;
  /** The group name of the small controls beside the talk button. */
  callControls: string;
  /** Status lines during a call: who is speaking, or that the microphone is muted. */
  speaking(name: string): string;
  listening: string;
  visitorSpeaking: string;
  muted(name: string): string;
  /** Shown under the transcript once the call is over, until the next call starts. */
  callEndedAfter(time: string): string;

  /** The button that opens the text box, and the text box's region name. */
  typeInstead: string;
  /** The button that opens the ladder to a person: a callback, or the office's number. */
  talkToPerson: string;
  /** Status line shown when the microphone cannot be used: typing is the way forward. */
  typeWhenNoMicrophone: string;
  /** The conversation log's name (the same log as the voice transcript). */
  transcript: string;
  /**
   * The text box's accessible name, with the assistant's name ("Message to Nora"), so it is told
   * apart from the host page's own message fields.
   */
  messageTo(name: string): string;
  /** How to send, as the text box's description. */
  messageHint: string;
  send: string;
  /** Who said a line, read before it. */
  you: string;
  /**
   * The offline demo's scripted visitor lines: it hears no words, so it shows a sample visitor's,
   * and the label says so where "You" would claim the visitor said them.
   */
  sampleVisitor: string;
  assistant: string;
  /** Marks a line that was typed rather than spoken. */
  typed: string;
  /** Shown while a typed message's reply is pending. */
  typing: string;
  /** A typed message could not be delivered; the text stays, with a retry button. */
  notSent: string;
  retry: string;

  /** The recording/consent dialog: its title, buttons and the link to the full terms. */
  consentTitle: string;
  agree: string;
  notNow: string;
  consentTerms: string;

  /** Failure sentences of the status line (docs/behaviour.md#errors). */
  errors: {
    /** Where each browser keeps the microphone permission. */
    microphoneSetting: {
      chrome: string;
      edge: string;
      firefox: string;
      safari: string;
      other: string;
    };
    microphoneDenied(setting: string, idleLabel: string): string;
    microphoneNotFound(idleLabel: string): string;
    microphoneInUse(idleLabel: string): string;
    unreachable(detail: string): string;
    connectFailed(detail: string, idleLabel: string): string;
    generic(detail: string, idleLabel: string): string;
  };

  /** What is wrong with the attributes, and what to change (docs/behaviour.md#validation). */
  problems: {
    noTarget(tag: string): string;
    /** `found`: the id attributes that were set, already joined. */
    severalTargets(found: string): string;
    /** `public-key` holds an example value (`YOUR_PUBLIC_KEY`): where a key comes from, or the demo. */
    placeholderKey(value: string): string;
  };
}
