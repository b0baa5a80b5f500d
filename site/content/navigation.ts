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
