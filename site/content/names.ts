/**
 * The assistant's and the brokerage's names, set once in `assistant.config.json` (which also
 * provisions the real assistant): the hero, the sample chat and the site's widgets read them
 * here. Its agents' emails and phones stay out of the page (tests/browser/site-one-name.test.ts).
 */
// Named imports: the bundler then keeps these two strings and nothing else of the file. (Vite's
// config loader notes that native JSON modules have only a default export; the bundler has both.)
import { assistantName, brokerageName, officeHours } from '../../assistant.config.json' with {
  type: 'json',
};

/** The assistant's name: "Talk to Nora", the panel's title, the transcript's speaker label. */
export const ASSISTANT_NAME: string = assistantName;

/** The brokerage the assistant answers for. */
export const BROKERAGE_NAME: string = brokerageName;

/**
 * The office's opening hours, as the widgets' `office-hours` attribute: "Talk to a person"
 * offers "Call me now" inside them and a call back at the next openings outside them.
 */
export const OFFICE_HOURS_JSON: string = JSON.stringify(officeHours);

/** `text` with `{assistantName}` and `{brokerageName}` filled in (the copy files use them). */
export function withNames(text: string): string {
  return text
    .replaceAll('{assistantName}', ASSISTANT_NAME)
    .replaceAll('{brokerageName}', BROKERAGE_NAME);
}
