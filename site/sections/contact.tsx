import { company } from '../content/company.ts';
import { contactCopy } from '../content/contact.ts';
import { ContactForm } from './contact-form.tsx';
import { Icon } from './icons.tsx';
import { SectionHeading } from './section-heading.tsx';

/** Why to get in touch on one side, the form on the other. */
export function Contact() {
  return (
    <section
      id="contact"
      className="section section-light"
      tabIndex={-1}
      aria-labelledby="contact-title"
    >
      <div className="container contact-grid">
        <div className="contact-copy">
          <SectionHeading
            id="contact-title"
            eyebrow={contactCopy.eyebrow}
            title={contactCopy.title}
            lead={contactCopy.lead}
          />
          <ul className="check-list contact-points">
            {contactCopy.points.map((point) => (
              <li key={point}>
                <Icon name="check" />
                {point}
              </li>
            ))}
          </ul>
          <p className="contact-direct">
            <Icon name="mail" />
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </p>
          <p className="contact-direct">
            <Icon name="clock" />
            {company.responseTime}
          </p>
        </div>
        <ContactForm />
      </div>
    </section>
  );
}
