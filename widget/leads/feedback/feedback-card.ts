import { type Language, textDirection } from '../../element/i18n/languages.ts';
import { extendWidgetStyleSheet } from '../../element/styles.ts';
import type { FeedbackAnswer } from '../feedback-delivery.ts';
import { FEEDBACK_TEXTS } from './feedback-texts.ts';

/*
 * "How was this conversation?" (issue 29 §4), its own chunk (`feedback-card`), loaded when a
 * conversation ends. Plain DOM in the element's shadow root, beside the UI, and not modal: it sits
 * at the top or the bottom of the viewport, whichever is away from Talk, so it never covers it.
 * In the element's language (`feedback-texts.ts`).
 */

const CSS = `
.feedback { position: fixed; top: calc(12px + var(--va-inset-top, 0px)); left: 50%;
  transform: translateX(-50%); z-index: var(--va-z-index, 2147483000); box-sizing: border-box;
  width: min(360px, calc(100vw - 24px)); display: flex; flex-direction: column; gap: 8px;
  padding: 14px; border-radius: 12px; color: #0f172a; background: #fff; text-align: start;
  font: 14px/1.4 var(--va-font, system-ui, sans-serif); box-shadow: 0 8px 30px rgb(0 0 0 / 0.3); }
.feedback--bottom { top: auto; bottom: calc(12px + env(safe-area-inset-bottom, 0px)); }
.feedback fieldset { display: flex; gap: 6px; margin: 0; padding: 0; border: 0; }
.feedback legend { margin-bottom: 6px; font-size: 15px; font-weight: 700; }
.feedback-star { display: flex; align-items: center; gap: 2px; }
.feedback-comment { display: flex; flex-direction: column; gap: 4px; }
.feedback textarea { font: inherit; min-height: 2.5em; padding: 6px; border: 1px solid #475569;
  border-radius: 8px; resize: vertical; }
.feedback-actions { display: flex; gap: 8px; }
.feedback button { font: inherit; font-weight: 600; padding: 6px 14px; border-radius: 9999px;
  border: 1px solid #1d4ed8; }
.feedback-send { color: #fff; background: #1d4ed8; }
.feedback-skip { color: #0f172a; background: #fff; border-color: #334155 !important; }
.feedback :focus-visible { outline: 3px solid var(--va-focus, #f59e0b); outline-offset: 2px; }
`;

let asked = 0;

function make<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    node.setAttribute(name, value);
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

/**
 * Asks in `host`'s shadow root; resolves with the answer, or `null` when the visitor skips (or
 * sends no rating). The question goes away either way.
 */
export function askFeedback(
  host: HTMLElement,
  language: Language = 'en',
): Promise<FeedbackAnswer | null> {
  const words = FEEDBACK_TEXTS[language];
  const doc = host.ownerDocument;
  extendWidgetStyleSheet(doc, CSS);
  asked += 1;
  const group = `va-feedback-${asked}`;
  const form = make(doc, 'form', {
    class: 'feedback',
    part: 'feedback',
    lang: language,
    dir: textDirection(language),
  });
  form.setAttribute('aria-label', words.label);
  const ratings = make(doc, 'fieldset');
  ratings.append(make(doc, 'legend', {}, words.question));
  for (let value = 1; value <= 5; value += 1) {
    const label = make(doc, 'label', { class: 'feedback-star' });
    const input = make(doc, 'input', { type: 'radio', name: group, value: String(value) });
    label.append(input, `${value}`);
    ratings.append(label);
  }
  const commentLabel = make(doc, 'label', { class: 'feedback-comment' }, words.comment);
  const comment = make(doc, 'textarea', { maxlength: '500', rows: '2' });
  commentLabel.append(comment);
  const actions = make(doc, 'div', { class: 'feedback-actions' });
  const send = make(doc, 'button', { type: 'submit', class: 'feedback-send' }, words.send);
  const skip = make(doc, 'button', { type: 'button', class: 'feedback-skip' }, words.skip);
  actions.append(send, skip);
  form.append(ratings, commentLabel, actions);
  return new Promise((resolve) => {
    const done = (answer: FeedbackAnswer | null): void => {
      form.remove();
      resolve(answer);
    };
    skip.addEventListener('click', () => done(null));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const picked = form.querySelector<HTMLInputElement>('input:checked');
      const rating = Number(picked?.value);
      if (rating < 1 || rating > 5) {
        done(null);
        return;
      }
      const text = comment.value.trim();
      done({
        rating: rating as FeedbackAnswer['rating'],
        ...(text !== '' && { comment: text }),
      });
    });
    // A newer question (the next conversation's) replaces this one.
    host.shadowRoot?.querySelector('.feedback')?.remove();
    const talk = host.shadowRoot?.querySelector('button.button')?.getBoundingClientRect();
    const height = doc.defaultView?.innerHeight ?? 0;
    if (talk && talk.top + talk.height / 2 < height / 2) {
      form.classList.add('feedback--bottom');
    }
    (host.shadowRoot ?? doc.body).append(form);
  });
}
