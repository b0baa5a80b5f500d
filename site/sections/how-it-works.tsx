import { type ProcessStep, steps, stepsIntro } from '../content/steps.ts';
import { useReveal } from '../hooks/use-reveal.ts';
import { STEP_REVEAL_STEP_MS } from '../lib/constants.ts';
import { Icon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

function StepCard({ step, index }: { step: ProcessStep; index: number }) {
  const [ref, revealed] = useReveal<HTMLLIElement>(index * STEP_REVEAL_STEP_MS);
  return (
    <li ref={ref} className={`card step-card reveal${revealed ? ' is-revealed' : ''}`}>
      <p className="step-number">
        <span className="visually-hidden">Step </span>
        {step.number}
      </p>
      <h3>{step.title}</h3>
      <p>{step.description}</p>
      <ul className="check-list">
        {step.benefits.map((benefit) => (
          <li key={benefit}>
            <Icon name="check" />
            {benefit}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Steps 01-04, revealed 150 ms × index apart. */
export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      className="section section-dark"
      tabIndex={-1}
      aria-labelledby="how-it-works-title"
    >
      <div className="container">
        <SectionHeading id="how-it-works-title" tone="dark" {...stepsIntro} />
        <ol className="card-grid">
          {steps.map((step, index) => (
            <StepCard key={step.number} step={step} index={index} />
          ))}
        </ol>
      </div>
    </section>
  );
}
