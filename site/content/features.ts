import copy from '../copy/features.json' with { type: 'json' };

/** Icon names the feature cards can use; drawn by sections/icons.tsx. */
export type FeatureIcon = 'chat' | 'target' | 'chart' | 'plug';

/** A feature card (docs/behaviour.md#web-call). */
export interface Feature {
  title: string;
  description: string;
  bullets: readonly string[];
  icon: FeatureIcon;
}

/** The section's heading and lead (`site/copy/features.json`). */
export const featuresIntro = copy.intro;

/** The feature cards, in order (`site/copy/features.json`; the schema checks each icon). */
export const features = copy.features as readonly Feature[];
