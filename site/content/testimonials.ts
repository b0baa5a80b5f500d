import copy from '../copy/testimonials.json' with { type: 'json' };

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

/** The section's heading and lead (`site/copy/testimonials.json`). */
export const testimonialsIntro = copy.intro;

/** The testimonials, in order (`site/copy/testimonials.json`; the schema checks roles and ratings). */
export const testimonials = copy.testimonials as readonly Testimonial[];
