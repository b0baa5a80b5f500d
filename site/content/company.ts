import { BRAND_NAME } from './brand.ts';

/** Who the site speaks for: brand, contact address and social profiles. */
export interface SocialLink {
  network: 'X' | 'LinkedIn' | 'YouTube' | 'Facebook';
  href: string;
  icon: 'x' | 'linkedin' | 'youtube' | 'facebook';
}

export const company = {
  name: BRAND_NAME,
  tagline: 'AI automation for real estate brokerages',
  blurb:
    'Hearthline AI builds voice and chat assistants for real estate brokerages. They answer every ' +
    'buyer and seller in seconds, qualify them the way your best agent would, and put booked ' +
    'viewings on your team’s calendars, day and night.',
  email: 'hello@hearthline.ai',
  responseTime: 'We reply within one business day.',
  socials: [
    { network: 'X', href: 'https://x.com/hearthlineai', icon: 'x' },
    {
      network: 'LinkedIn',
      href: 'https://www.linkedin.com/company/hearthline-ai',
      icon: 'linkedin',
    },
    { network: 'YouTube', href: 'https://www.youtube.com/@hearthlineai', icon: 'youtube' },
    { network: 'Facebook', href: 'https://www.facebook.com/hearthlineai', icon: 'facebook' },
  ] satisfies SocialLink[],
} as const;
