import { initialOf, type WidgetConfig } from '../element/attributes.ts';
import { ASSISTANT, DEMO_BADGE, TYPE_INSTEAD } from '../element/i18n/idle-labels.ts';
import { type Language, textDirection } from '../element/i18n/languages.ts';

/**
 * The loader's own rendering: the real idle button (same classes, parts, size and label as
 * the React UI draws), built with `createElement` only, before any framework code is loaded.
 */
export interface StaticView {
  readonly wrapper: HTMLElement;
  /** The talk (or launcher) button; null when attribute problems replace it with a message. */
  readonly button: HTMLButtonElement | null;
  /** `Type instead`, next to Talk (null with `chat="off"` or a problem). */
  readonly typeInstead: HTMLButtonElement | null;
  readonly status: HTMLElement | null;
  /**
   * The alert that says what is wrong with the attributes, empty until the language's
   * sentences have loaded; null when there is no problem.
   */
  readonly problem: HTMLElement | null;
}

export interface StaticViewState {
  connecting: boolean;
  status: string;
  /** The chosen language: the wrapper's `lang` and `dir` from the first paint. */
  language: Language;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  part?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (part) {
    node.setAttribute('part', part);
  }
  return node;
}

/** Builds the pre-intent view for `config`. */
export function buildStaticView(
  doc: Document,
  config: WidgetConfig,
  state: StaticViewState,
): StaticView {
  const floating = config.mode === 'floating';
  const wrapper = el(
    doc,
    'div',
    floating ? `va va--floating va--${config.position}` : `va va--${config.mode}`,
    'container',
  );
  wrapper.lang = state.language;
  wrapper.dir = textDirection(state.language);
  const controls = el(doc, 'div', 'controls');
  if (config.problems.length > 0) {
    const problem = el(doc, 'p', 'problem', 'problem');
    problem.setAttribute('role', 'alert');
    controls.append(problem);
    wrapper.append(controls);
    return { wrapper, button: null, typeInstead: null, status: null, problem };
  }
  if (config.mode !== 'floating') {
    const wave = el(doc, 'canvas', 'wave', 'wave');
    wave.setAttribute('aria-hidden', 'true');
    wrapper.append(wave);
  }
  if (config.demo) {
    const badge = el(doc, 'span', 'badge', 'badge');
    badge.textContent = DEMO_BADGE[state.language];
    controls.append(badge);
  }
  if (floating && config.avatar) {
    // Only the initial: the picture is fetched after intent, by the UI, in the same box.
    const avatar = el(doc, 'span', 'avatar avatar--launcher', 'avatar');
    avatar.setAttribute('aria-hidden', 'true');
    const initial = el(doc, 'span', 'avatar-initial');
    initial.textContent = initialOf(config.assistantName ?? ASSISTANT.en);
    avatar.append(initial);
    controls.append(avatar);
  }
  const button = el(
    doc,
    'button',
    floating ? 'button launcher' : 'button',
    floating ? 'button launcher' : 'button',
  );
  button.type = 'button';
  const status = el(doc, 'p', 'status', 'status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  // The loader's one sentence (the UI could not load) is English: marked so it is read as English.
  if (state.status && state.language !== 'en') {
    status.lang = 'en';
  }
  controls.append(button);
  let typeInstead: HTMLButtonElement | null = null;
  if (config.chat) {
    // The same row and button as the UI draws, so nothing moves when it takes over.
    const slot = el(doc, 'div', 'type-slot');
    typeInstead = el(doc, 'button', 'type-instead', 'type-instead');
    typeInstead.type = 'button';
    typeInstead.textContent = TYPE_INSTEAD[state.language];
    slot.append(typeInstead);
    controls.append(slot);
  }
  controls.append(status);
  wrapper.append(controls);
  const view = { wrapper, button, typeInstead, status, problem: null };
  showConnecting(view, config.labels, state.connecting, state.status);
  return view;
}

/**
 * Flips the loader's own button between idle and connecting, in place (focus stays), and
 * writes the status line.
 */
export function showConnecting(
  view: StaticView | null,
  labels: WidgetConfig['labels'],
  connecting: boolean,
  status: string,
): void {
  const button = view?.button;
  if (!button) {
    return;
  }
  button.textContent = connecting ? labels.connecting : labels.idle;
  if (connecting) {
    button.setAttribute('aria-disabled', 'true');
  } else {
    button.removeAttribute('aria-disabled');
  }
  if (view.status) {
    view.status.textContent = status;
  }
}
