import type { Testimonial } from '../content/testimonials.ts';
import { RATING_SCALE } from '../lib/constants.ts';
import { Star } from './icons.tsx';

/** How many avatar colours testimonials.css defines. */
const AVATAR_TONES = 5;

/** A quote with its 5-star rating (labelled for screen readers) and its author. */
export function TestimonialCard({
  testimonial,
  tone,
  duplicate = false,
}: {
  testimonial: Testimonial;
  /** Which of the avatar colours (0-4) the author gets; a copy keeps its original's. */
  tone: number;
  duplicate?: boolean;
}) {
  const { name, role, company, content, rating } = testimonial;
  return (
    <li className="testimonial-card" aria-hidden={duplicate ? true : undefined}>
      <figure>
        <div className="rating" role="img" aria-label={`Rated ${rating} out of ${RATING_SCALE}`}>
          {Array.from({ length: rating }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative stars
            <Star key={i} />
          ))}
        </div>
        <blockquote>
          <p>{content}</p>
        </blockquote>
        <figcaption>
          <span
            className={`testimonial-avatar avatar-tone-${tone % AVATAR_TONES}`}
            aria-hidden="true"
          >
            {name
              .split(' ')
              .map((part) => part.charAt(0))
              .join('')}
          </span>
          <span>
            <span className="testimonial-name">{name}</span>
            <span className="testimonial-role">
              {role}, {company}
            </span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}
