import { Island } from '../islands/island.tsx';
import { SITE_ASSISTANT_ID } from '../lib/site-assistant.ts';
import { siteWidgetAttributes } from '../lib/widget-attributes.ts';
import { Contact } from '../sections/contact.tsx';
import { Features } from '../sections/features.tsx';
import { Footer } from '../sections/footer.tsx';
import { Hero } from '../sections/hero.tsx';
import { HowItWorks } from '../sections/how-it-works.tsx';
import { NavBar } from '../sections/nav-bar.tsx';
import { Testimonials } from '../sections/testimonials.tsx';
import { settings } from '../settings.ts';

const WIDGET_ATTRIBUTES = siteWidgetAttributes(settings);

/**
 * `/`: navigation, hero, the four sections, footer, and the floating talk button. Each section is
 * an island, hydrated on its own turn in document order.
 */
export function LandingPage() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island>
        <NavBar />
      </Island>
      <main id="main" tabIndex={-1}>
        <Island>
          <Hero />
        </Island>
        <Island>
          <Features />
        </Island>
        <Island>
          <HowItWorks />
        </Island>
        <Island>
          <Testimonials />
        </Island>
        <Island>
          <Contact />
        </Island>
      </main>
      <Island>
        <Footer />
      </Island>
      <aside className="assistant-dock" aria-label="Talk to our AI assistant">
        <voice-assistant
          id={SITE_ASSISTANT_ID}
          mode="floating"
          assistant-id={settings.assistantId}
          {...WIDGET_ATTRIBUTES}
        />
      </aside>
    </>
  );
}
