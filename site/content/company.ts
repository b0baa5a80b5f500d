import copy from '../copy/company.json' with { type: 'json' };
import { BRAND_NAME } from './brand.ts';

/** Who the site speaks for: brand, contact address and social profiles. */
export interface SocialLink {
  network: 'X' | 'LinkedIn' | 'YouTube' | 'Facebook';
  href: string;
  icon: 'x' | 'linkedin' | 'youtube' | 'facebook';
}

/** Who the site speaks for (`site/copy/company.json`): the footer's blurb, email and profiles. */
export const company = {
  name: BRAND_NAME,
  ...copy,
  socials: copy.socials as readonly SocialLink[],
} as const;
