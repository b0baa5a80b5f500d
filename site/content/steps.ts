import copy from '../copy/steps.json' with { type: 'json' };

/** A step of the how-it-works section (docs/behaviour.md#web-call). */
export interface ProcessStep {
  number: '01' | '02' | '03' | '04';
  title: string;
  description: string;
  benefits: readonly string[];
}

/** The section's heading and lead (`site/copy/steps.json`). */
export const stepsIntro = copy.intro;

/** The four steps, in order (`site/copy/steps.json`; the schema checks their numbers). */
export const steps = copy.steps as readonly ProcessStep[];
