/** A step of the how-it-works section (docs/behaviour.md#web-call). */
export interface ProcessStep {
  number: '01' | '02' | '03' | '04';
  title: string;
  description: string;
  benefits: readonly string[];
}

export const stepsIntro = {
  eyebrow: 'How It Works',
  title: 'From first call to fully automated in four steps',
  lead:
    'A proven rollout that starts with your numbers and ends with an assistant your agents ' +
    'trust, usually live within two to four weeks.',
} as const;

export const steps: readonly ProcessStep[] = [
  {
    number: '01',
    title: 'Audit & Discover',
    description:
      'We map how leads reach your brokerage today, where they wait and where they are lost, ' +
      'using your CRM and phone data.',
    benefits: ['Speed-to-lead baseline', 'Missed-opportunity estimate'],
  },
  {
    number: '02',
    title: 'Design Your Solution',
    description:
      'Together we script the conversations, qualification questions and hand-off rules in your ' +
      'brand’s voice and your market’s language.',
    benefits: ['Conversation playbook', 'Routing and escalation rules'],
  },
  {
    number: '03',
    title: 'Build & Launch',
    description:
      'We connect your listings, calendars and CRM, test with your agents, then go live on your ' +
      'phone lines, website and portals.',
    benefits: ['Agent training session', 'Go-live in 2–4 weeks'],
  },
  {
    number: '04',
    title: 'Monitor & Optimize',
    description:
      'We review conversations every week, tune answers and scoring, and report the results to ' +
      'your leadership team.',
    benefits: ['Weekly performance report', 'Continuous script tuning'],
  },
];
