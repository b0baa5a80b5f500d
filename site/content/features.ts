/** Icon names the feature cards can use; drawn by sections/icons.tsx. */
export type FeatureIcon = 'chat' | 'target' | 'chart' | 'plug';

/** A feature card (docs/behaviour.md#web-call). */
export interface Feature {
  title: string;
  description: string;
  bullets: readonly string[];
  icon: FeatureIcon;
}

export const featuresIntro = {
  eyebrow: 'Features',
  title: 'Everything your front desk does, without the wait',
  lead:
    'Four capabilities that take the repetitive first steps off your agents’ plates, built ' +
    'around how brokerages actually win business.',
} as const;

export const features: readonly Feature[] = [
  {
    title: 'Automated Communication',
    description:
      'Every call, text and web chat gets a friendly, accurate answer in seconds, including ' +
      'evenings, weekends and open-house Sundays.',
    bullets: [
      'Answers listing questions from your live MLS data',
      'Books, moves and confirms viewings on agents’ calendars',
      'Hands off to a person with a full summary when needed',
    ],
    icon: 'chat',
  },
  {
    title: 'AI Lead Generation',
    description:
      'Turn portal inquiries and website visitors into qualified appointments, scored and routed ' +
      'to the right agent before a competitor calls back.',
    bullets: [
      'Qualifies budget, timeline, financing and area',
      'Routes hot leads to the on-duty agent instantly',
      'Nurtures not-yet-ready buyers with timely follow-ups',
    ],
    icon: 'target',
  },
  {
    title: 'Performance Analytics',
    description:
      'See where leads come from, how fast they are answered and which conversations turn into ' +
      'listings and closings.',
    bullets: [
      'Speed-to-lead and conversion by source and agent',
      'Searchable transcripts and call recordings',
      'Weekly report for brokers and sales directors',
    ],
    icon: 'chart',
  },
  {
    title: 'Quick Integration',
    description:
      'Connects to the tools your team already uses, so there is nothing new for agents to learn ' +
      'and no data to copy by hand.',
    bullets: [
      'Works with Follow Up Boss, kvCORE, Salesforce and HubSpot',
      'Google and Outlook calendar sync',
      'Your existing phone numbers and website',
    ],
    icon: 'plug',
  },
];
