import { type Feature, features, featuresIntro } from '../content/features.ts';
import { useReveal } from '../hooks/use-reveal.ts';
import { FEATURE_REVEAL_STEP_MS } from '../lib/constants.ts';
import { Icon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

function FeatureCard({ feature, index }: { feature: Feature; index: number }) {
  const [ref, revealed] = useReveal<HTMLLIElement>(index * FEATURE_REVEAL_STEP_MS);
  return (
    <li ref={ref} className={`card feature-card reveal${revealed ? ' is-revealed' : ''}`}>
      <span className="feature-icon">
        <Icon name={feature.icon} />
      </span>
      <h3>{feature.title}</h3>
      <p>{feature.description}</p>
      <ul className="check-list">
        {feature.bullets.map((bullet) => (
          <li key={bullet}>
            <Icon name="check" />
            {bullet}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The four feature cards, revealed 100 ms × index apart. */
export function Features() {
  return (
    <section
      id="features"
      className="section section-light"
      tabIndex={-1}
      aria-labelledby="features-title"
    >
      <div className="container">
        <SectionHeading id="features-title" {...featuresIntro} />
        <ul className="card-grid">
          {features.map((feature, index) => (
            <FeatureCard key={feature.title} feature={feature} index={index} />
          ))}
        </ul>
      </div>
    </section>
  );
}
