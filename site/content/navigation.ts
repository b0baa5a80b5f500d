import { paths } from '../paths.ts';

/** A navigation entry that scrolls to a section of the landing page. */
export interface NavItem {
  label: string;
  sectionId: string;
}

/** The section links in the top bar, in order; the last one is shown as the call to action. */
export const navItems: readonly NavItem[] = [
  { label: 'Features', sectionId: 'features' },
  { label: 'How It Works', sectionId: 'how-it-works' },
  { label: 'Testimonials', sectionId: 'testimonials' },
];

export const navCallToAction: NavItem = { label: 'Let’s Talk', sectionId: 'contact' };

/** A page linked from the footer. */
export interface FooterLink {
  label: string;
  href: string;
}

/** The footer's page links, in order. */
export const footerLinks: readonly FooterLink[] = [
  { label: 'Add the assistant to your website', href: paths.embed.getHref() },
  { label: 'Privacy Policy', href: paths.privacy.getHref() },
  { label: 'Terms of Use', href: paths.terms.getHref() },
];
