/** The three roles a testimonial author can hold (docs/behaviour.md#web-call). */
export type TestimonialRole = 'Real Estate Broker' | 'Sales Director' | 'Broker Owner';

/** A testimonial (docs/behaviour.md#web-call); `rating` is out of 5. */
export interface Testimonial {
  name: string;
  role: TestimonialRole;
  company: string;
  content: string;
  rating: number;
}

export const testimonialsIntro = {
  eyebrow: 'Testimonials',
  title: 'Brokerages that answer first, win first',
  lead: 'What brokers and sales leaders say after a few months with their assistant.',
} as const;

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Melissa Grant',
    role: 'Broker Owner',
    company: 'Grant & Rowe Realty',
    content:
      'Our response time went from hours to seconds. The assistant booked 41 viewings in its ' +
      'first month, most of them after 7 PM, when nobody in the office was picking up.',
    rating: 5,
  },
  {
    name: 'David Okafor',
    role: 'Sales Director',
    company: 'Harborview Homes',
    content:
      'Agents now start their day with qualified appointments instead of a pile of voicemails. ' +
      'Portal leads convert at nearly twice the rate they did last year.',
    rating: 5,
  },
  {
    name: 'Sofia Martinez',
    role: 'Real Estate Broker',
    company: 'Casa Bella Properties',
    content:
      'It handles Spanish and English callers equally well, and buyers honestly enjoy talking to ' +
      'it. Setup took three weeks, and my team barely had to change a thing.',
    rating: 5,
  },
  {
    name: 'James Whitfield',
    role: 'Broker Owner',
    company: 'Whitfield Realty Group',
    content:
      'The weekly report finally shows which lead sources pay off. We cut two portal ' +
      'subscriptions and moved that budget into listings that actually sell.',
    rating: 5,
  },
  {
    name: 'Priya Raman',
    role: 'Sales Director',
    company: 'Northgate Realty',
    content:
      'Hand-offs are seamless: when a caller wants a person, the agent gets the full summary ' +
      'before picking up. Our agents trusted it within the first week.',
    rating: 5,
  },
];
