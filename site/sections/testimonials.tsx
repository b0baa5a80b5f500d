import { useEffect, useRef, useState } from 'react';
import { testimonials, testimonialsIntro } from '../content/testimonials.ts';
import { useMarquee } from '../hooks/use-marquee.ts';
import { useReducedMotion } from '../hooks/use-media-query.ts';
import { loopPaddingIndices, marqueeSetWidth } from '../lib/marquee.ts';
import { SectionHeading } from './section-heading.tsx';
import { TestimonialCard } from './testimonial-card.tsx';

const SET_WIDTH = marqueeSetWidth(testimonials.length);
const PADDING = loopPaddingIndices(testimonials.length);

/**
 * The five testimonials in a row that scrolls by itself (0.5 px per frame, wrapping after one
 * set, five duplicated cards hidden from assistive technology). It pauses while hovered or
 * focused; under reduced motion (and without JavaScript) it is a still row the visitor scrolls.
 */
export function Testimonials() {
  const reduce = useReducedMotion();
  const viewport = useRef<HTMLElement>(null);
  const track = useRef<HTMLUListElement>(null);
  // The prerendered row is still and scrollable (no JavaScript needed); the loop and its copies
  // start after hydration unless the visitor prefers reduced motion.
  const [looping, setLooping] = useState(false);
  useEffect(() => setLooping(!reduce), [reduce]);
  useMarquee(viewport, track, SET_WIDTH, looping);

  return (
    <section
      id="testimonials"
      className="section section-muted"
      tabIndex={-1}
      aria-labelledby="testimonials-title"
    >
      <div className="container">
        <SectionHeading id="testimonials-title" {...testimonialsIntro} />
      </div>
      <section
        ref={viewport}
        className={`marquee${looping ? ' is-looping' : ''}`}
        aria-label="What our clients say"
        // Focusable so keyboard users can scroll the still row and pause the moving one.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        tabIndex={0}
      >
        <ul className="marquee-track" ref={track}>
          {testimonials.map((testimonial, index) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} tone={index} />
          ))}
          {!looping
            ? null
            : PADDING.map((source, i) => {
                const testimonial = testimonials[source];
                return testimonial ? (
                  <TestimonialCard
                    // biome-ignore lint/suspicious/noArrayIndexKey: the copies never reorder
                    key={`loop-${i}`}
                    testimonial={testimonial}
                    tone={source}
                    duplicate
                  />
                ) : null;
              })}
        </ul>
      </section>
    </section>
  );
}
