/*
 * What the widget's plain-DOM cards share (the contact card and the "Talk to a person" ladder):
 * building elements with attributes and text only (never markup), the form's fields and box, and
 * a modal dialog that keeps Tab inside it and closes on Escape. Lives in the chunks that use it.
 */

/** The contact form's look: its fields, the consent box and the error line. */
export const CARD_CSS = `
.contact-form { display: contents; }
.contact-field { display: flex; flex-direction: column; gap: 4px; font-size: 14px; font-weight: 600; }
.contact-field input { font: inherit; font-weight: 400; padding: 8px; border: 1px solid #475569;
  border-radius: 8px; color: #0f172a; background: #fff; }
.contact-box { display: flex; gap: 8px; align-items: flex-start; font-size: 14px; }
.contact-box input { width: 20px; height: 20px; flex: none; margin: 0; }
.contact-error { margin: 0; font-size: 14px; color: #b91c1c; }
.contact-field input:focus-visible, .contact-box input:focus-visible {
  outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
`;

/** An element with attributes (`undefined` ones left out) and, optionally, its text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined) {
      node.setAttribute(name, value);
    }
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

/**
 * A modal dialog named by its heading (`${id}-title`), on an overlay over the page; `parts` are
 * the two `::part` names. The overlay goes into the shadow root, the dialog takes focus.
 */
export function modalDialog(
  doc: Document,
  id: string,
  [part, overlayPart]: readonly [dialog: string, overlay: string],
) {
  const overlay = element(doc, 'div', { class: 'va va--overlay', part: overlayPart });
  overlay.lang = 'en';
  const dialog = element(doc, 'div', {
    class: 'consent',
    part,
    role: 'dialog',
    'aria-modal': 'true',
    'aria-labelledby': `${id}-title`,
    tabindex: '-1',
  });
  overlay.append(dialog);
  return { overlay, dialog };
}

/** A labelled input: the label wraps it, so its text names it. */
export function field(doc: Document, label: string, input: HTMLInputElement): HTMLLabelElement {
  const wrap = element(doc, 'label', { class: 'contact-field' }, label);
  wrap.append(input);
  return wrap;
}

/**
 * Makes `dialog` modal for the keyboard: Tab and Shift+Tab cycle through its controls, and
 * Escape calls `onEscape`. `root` is where focus is read (the element's shadow root).
 */
export function holdFocus(
  dialog: HTMLElement,
  root: ShadowRoot | null,
  onEscape: () => void,
): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') {
      return;
    }
    // One stop per radio group, its checked one, as the browser's own Tab order has it.
    const stops = [...dialog.querySelectorAll<HTMLElement>('input, button, a[href]')].filter(
      (stop) => (stop as HTMLInputElement).type !== 'radio' || (stop as HTMLInputElement).checked,
    );
    const at = stops.indexOf(root?.activeElement as HTMLElement);
    const next = event.shiftKey
      ? (stops[at - 1] ?? stops.at(-1))
      : at === stops.length - 1
        ? stops[0]
        : stops[at + 1];
    event.preventDefault();
    next?.focus();
  });
}
