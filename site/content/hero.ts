import copy from '../copy/hero.json' with { type: 'json' };
import { withNames } from './names.ts';

/** Copy of the hero block: `site/copy/hero.json`, with the assistant's name filled in. */
export const hero = {
  ...copy,
  /** Opens the floating widget and starts the demo call. */
  demoCallToAction: withNames(copy.demoCallToAction),
} as const;
