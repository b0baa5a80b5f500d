/**
 * The assistant's and the brokerage's names, set once in `assistant.config.json` (which also
 * provisions the real assistant): the hero, the sample chat and the site's widgets read them
 * here. Named imports, so the bundle carries these two strings and nothing else of that file
 * (its agents' emails and phones stay out of the page).
 */
import { assistantName, brokerageName } from '../../assistant.config.json' with { type: 'json' };

/** The assistant's name: "Talk to Nora", the panel's title, the transcript's speaker label. */
export const ASSISTANT_NAME: string = assistantName;

/** The brokerage the assistant answers for. */
export const BROKERAGE_NAME: string = brokerageName;
