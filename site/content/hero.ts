import { ASSISTANT_NAME } from './names.ts';

/** Copy of the hero block. */
export const hero = {
  badge: 'AI Solutions for Real Estate Brokers',
  headline: 'Transform Your Real Estate Brokerage',
  intro:
    'Answer every lead in seconds, qualify buyers and sellers around the clock, and fill your ' +
    'agents’ calendars with booked viewings. Our AI assistants handle the first conversation so ' +
    'your team can spend its time where it closes deals.',
  callToAction: 'Let’s Talk',
  /** Opens the floating widget and starts the demo call. */
  demoCallToAction: `Talk to ${ASSISTANT_NAME}`,
  proofPoints: ['Replies in under 10 seconds', 'Live in 2–4 weeks', 'Works with your CRM'],
} as const;
