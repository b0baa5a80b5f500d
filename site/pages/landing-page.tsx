import { hero } from '../content/hero.ts';
import { DeferredIsland, Island } from '../islands/island.tsx';
import { lazySection } from '../islands/lazy-section.ts';
import { SITE_ASSISTANT_ID } from '../lib/site-assistant.ts';
import { AssistantDock } from '../sections/assistant-dock.tsx';
import { Hero } from '../sections/hero.tsx';
import { NavBar } from '../sections/nav-bar.tsx';

/** The skip link to the floating widget: "Talk to Nora". */
const TALK_TO_ASSISTANT = hero.demoCallToAction;

// Below the first screen: each section's code and text is a chunk of its own, downloaded when the
// visitor comes near it (docs/behaviour.md#landing).
const Features = lazySection(() => import('../sections/features.tsx').then((m) => m.Features));
const HowItWorks = lazySection(() =>
  import('../sections/how-it-works.tsx').then((m) => m.HowItWorks),
);
const Testimonials = lazySection(() =>
  import('../sections/testimonials.tsx').then((m) => m.Testimonials),
);
const Contact = lazySection(() => import('../sections/contact.tsx').then((m) => m.Contact));
const Footer = lazySection(() => import('../sections/footer.tsx').then((m) => m.Footer));

/**
 * `/`: navigation, hero, the four sections, footer, and the floating talk button. The navigation
 * and the hero are islands hydrated on their own turns; the sections below them and the footer
 * hydrate when the visitor comes near them, or presses or types anywhere.
 */
export function LandingPage() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The floating launcher comes last in the page's order: this is its way in from the top.
          Following the link moves the focus start to the widget, so the next Tab is the launcher. */}
      <a className="skip-link" href={`#${SITE_ASSISTANT_ID}`}>
        {TALK_TO_ASSISTANT}
      </a>
      <Island>
        <NavBar />
      </Island>
      <main id="main" tabIndex={-1}>
        <Island>
          <Hero />
        </Island>
        <DeferredIsland anchor="features">
          <Features />
        </DeferredIsland>
        <DeferredIsland anchor="how-it-works">
          <HowItWorks />
        </DeferredIsland>
        <DeferredIsland anchor="testimonials">
          <Testimonials />
        </DeferredIsland>
        <DeferredIsland anchor="contact">
          <Contact />
        </DeferredIsland>
      </main>
      <DeferredIsland anchor="site-footer">
        <Footer />
      </DeferredIsland>
      {/* Not deferred: a boundary still waiting to hydrate holds back hover and focus events from
          what it contains, and those are the widget's signs of intent. */}
      <AssistantDock />
    </>
  );
}
