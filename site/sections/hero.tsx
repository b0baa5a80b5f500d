import type { MouseEvent } from 'react';
import { hero } from '../content/hero.ts';
import { useInViewOnce } from '../hooks/use-in-view.ts';
import { HERO_BUTTON_OFFSET_PX } from '../lib/constants.ts';
import { scrollToSection } from '../lib/scroll-to-section.ts';
import { startSiteAssistant } from '../lib/site-assistant.ts';
import { HeroChat } from './hero-chat.tsx';
import { Icon } from './icons.tsx';

function onTalkToNora() {
  void startSiteAssistant();
}

function onLetsTalk(event: MouseEvent<HTMLAnchorElement>) {
  if (scrollToSection('contact', HERO_BUTTON_OFFSET_PX)) {
    event.preventDefault();
  }
}

/**
 * Badge, headline, intro, Let's Talk and Talk to Nora on the left; the sample chat on the right.
 * Talk to Nora works once this island has hydrated (before that it is an inert button).
 */
export function Hero() {
  const [copyRef, copyIn] = useInViewOnce<HTMLDivElement>();
  const [visualRef, visualIn] = useInViewOnce<HTMLDivElement>();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div ref={copyRef} className={`hero-copy slide-in-left${copyIn ? ' is-in' : ''}`}>
          <p className="badge">
            <span className="badge-dot" aria-hidden="true" />
            {hero.badge}
          </p>
          <h1 id="hero-title">{hero.headline}</h1>
          <p className="hero-intro">{hero.intro}</p>
          <div className="hero-actions">
            {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link that works without JavaScript; the script only adds the 30 px offset */}
            <a className="button button-primary button-large" href="#contact" onClick={onLetsTalk}>
              {hero.callToAction}
              <Icon name="arrow-right" />
            </a>
            <button
              type="button"
              className="button button-secondary button-large"
              onClick={onTalkToNora}
            >
              <Icon name="mic" />
              {hero.demoCallToAction}
            </button>
          </div>
          <ul className="proof-points">
            {hero.proofPoints.map((point) => (
              <li key={point}>
                <Icon name="check" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div ref={visualRef} className={`hero-visual slide-in-right${visualIn ? ' is-in' : ''}`}>
          <HeroChat />
        </div>
      </div>
    </section>
  );
}
