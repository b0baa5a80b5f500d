import type { SiteConfig } from './config.ts';
import { GTM_CONTAINER, gtmTags } from './content/analytics.ts';
import { company } from './content/company.ts';
import { privacyPolicy } from './content/privacy.ts';
import { termsOfUse } from './content/terms.ts';
// The copy file itself, not content/hero.ts: this module also loads with vite.config.ts, which
// then need not read assistant.config.json.
import hero from './copy/hero.json' with { type: 'json' };
import { paths, type RouteName } from './paths.ts';

/** Social preview image, 1200 × 630, in site/public. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

interface PageMeta {
  title: string;
  description: string;
  path: string;
  indexable: boolean;
}

const LANDING_DESCRIPTION =
  'AI voice and chat assistants for real estate brokerages: answer every lead in seconds, ' +
  'qualify buyers and sellers 24/7 and book viewings for your agents.';

/** Title, description, canonical path and indexing of each route. */
export function pageMeta(route: RouteName): PageMeta {
  switch (route) {
    case 'landing':
      return {
        title: `${company.name} | ${hero.headline} with AI`,
        description: LANDING_DESCRIPTION,
        path: paths.landing.getHref(),
        indexable: true,
      };
    case 'assistant':
      return {
        title: `Talk to an AI assistant | ${company.name}`,
        description: `Try a ${company.name} voice assistant in your browser: press the Talk button and speak.`,
        path: paths.assistant.getHref(),
        indexable: false,
      };
    case 'privacy':
      return {
        title: `${privacyPolicy.title} | ${company.name}`,
        description: privacyPolicy.description,
        path: paths.privacy.getHref(),
        indexable: true,
      };
    case 'terms':
      return {
        title: `${termsOfUse.title} | ${company.name}`,
        description: termsOfUse.description,
        path: paths.terms.getHref(),
        indexable: true,
      };
    case 'embed':
      return {
        title: `Add the voice assistant to your website | ${company.name}`,
        description: `Configure the ${company.name} voice assistant for your brokerage's site, try it live, and copy the pinned snippet, CSP, React and Google Tag Manager code.`,
        path: paths.embed.getHref(),
        indexable: true,
      };
    default:
      return {
        title: `Page not found | ${company.name}`,
        description: `This page does not exist. Visit ${company.name} for AI assistants built for brokerages.`,
        path: '/404',
        indexable: false,
      };
  }
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON for a data block: `<` is escaped so the text can never close the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The schema.org Organization describing the company. */
export function organizationJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    description: company.blurb,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    email: company.email,
    sameAs: company.socials.map((social) => social.href),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      email: company.email,
      availableLanguage: ['English'],
    },
  };
}

/**
 * Every tag the route needs in `<head>`, as HTML; with the Google Tag Manager `container` of
 * site/copy/analytics.json, its two scripts.
 */
export function headTags(
  route: RouteName,
  config: Pick<SiteConfig, 'siteUrl'>,
  container: string | null = GTM_CONTAINER,
): string {
  const meta = pageMeta(route);
  const url = `${config.siteUrl}${meta.path}`;
  const image = `${config.siteUrl}${OG_IMAGE.path}`;
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    meta.indexable
      ? '<meta name="robots" content="index, follow" />'
      : '<meta name="robots" content="noindex" />',
    route === 'not-found' ? '' : `<link rel="canonical" href="${attr(url)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${attr(company.name)}" />`,
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    `<meta property="og:image" content="${attr(image)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${attr(`${company.name}: ${hero.headline}`)}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    '<meta name="twitter:site" content="@hearthlineai" />',
    `<meta name="twitter:title" content="${attr(meta.title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
    `<meta name="twitter:image" content="${attr(image)}" />`,
    ...gtmTags(container),
  ];
  if (route === 'landing') {
    tags.push(
      `<script type="application/ld+json">${jsonForScript(organizationJsonLd(config.siteUrl))}</script>`,
    );
  }
  return tags.filter(Boolean).join('\n    ');
}
