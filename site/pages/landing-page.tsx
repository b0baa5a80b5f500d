import { widgetConnectionAttributes } from '../lib/widget-attributes.ts';
import { Contact } from '../sections/contact.tsx';
import { Features } from '../sections/features.tsx';
import { Footer } from '../sections/footer.tsx';
import { Hero } from '../sections/hero.tsx';
import { HowItWorks } from '../sections/how-it-works.tsx';
import { NavBar } from '../sections/nav-bar.tsx';
import { Testimonials } from '../sections/testimonials.tsx';
import { settings } from '../settings.ts';

const WIDGET_ATTRIBUTES = widgetConnectionAttributes(settings);

/** `/`: navigation, hero, the four sections, footer, and the floating talk button. */
export function LandingPage() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Features />
        <HowItWorks />
        <Testimonials />
        <Contact />
      </main>
      <Footer />
      <aside className="assistant-dock" aria-label="Talk to our AI assistant">
        <voice-assistant
          mode="floating"
          assistant-id={settings.assistantId}
          {...WIDGET_ATTRIBUTES}
        />
      </aside>
    </>
  );
}
