import { useSyncExternalStore } from 'react';
import { company } from '../content/company.ts';
import { footerLinks } from '../content/navigation.ts';
import { BrandMark } from './brand.tsx';
import { Icon } from './icons.tsx';

// The year the page was prerendered in; the client shows the current one after hydration.
declare const __BUILD_YEAR__: number;

const noSubscription = () => () => {};

function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/** Brand blurb, the four social profiles (new tab), the page links and the copyright line. */
export function Footer() {
  const year = useCurrentYear();
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="brand brand-footer">
            <BrandMark />
          </p>
          <p className="footer-blurb">{company.blurb}</p>
        </div>
        <ul className="social-links" aria-label="Follow us">
          {company.socials.map((social) => (
            <li key={social.network}>
              <a
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${company.name} on ${social.network} (opens in a new tab)`}
              >
                <Icon name={social.icon} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="container footer-bottom">
        <p>
          © <span className="footer-year">{year}</span> {company.name}. All rights reserved.
        </p>
        <nav aria-label="Legal and contact">
          <ul className="footer-links">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
