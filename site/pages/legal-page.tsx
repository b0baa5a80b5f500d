import { LEGAL_TEMPLATE_NOTICE, type LegalDocument } from '../content/legal.ts';
import { Island } from '../islands/island.tsx';
import { paths } from '../paths.ts';
import { BrandLink } from '../sections/brand.tsx';
import { Footer } from '../sections/footer.tsx';

/**
 * The layout of /privacy and /terms: a plain header back to the home page, the document with a
 * table of contents, and the site footer. Only the footer hydrates (its year).
 */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="legal-header">
        <nav className="nav-inner container" aria-label="Main">
          <BrandLink />
          <a className="legal-home" href={paths.landing.getHref()}>
            Back to home
          </a>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="legal container">
        <article aria-labelledby="legal-title">
          <h1 id="legal-title">{doc.title}</h1>
          <p className="legal-updated">Last updated: {doc.updated}</p>
          <p className="legal-notice" role="note">
            {LEGAL_TEMPLATE_NOTICE}
          </p>
          <p className="legal-intro">{doc.intro}</p>
          <nav aria-label="On this page" className="legal-toc">
            <ol>
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      </main>
      <Island>
        <Footer />
      </Island>
    </>
  );
}
