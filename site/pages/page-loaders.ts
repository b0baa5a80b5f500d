import type { ComponentType } from 'react';
import type { RouteName } from '../paths.ts';

/**
 * Each route's page as its own chunk: a visitor downloads only the page they opened. The
 * prerenderer awaits the same loaders, so the server and the browser render the same component.
 */
export const pageLoaders: Record<RouteName, () => Promise<ComponentType>> = {
  landing: () => import('./landing-page.tsx').then((m) => m.LandingPage),
  assistant: () => import('./assistant-page.tsx').then((m) => m.AssistantPage),
  privacy: () => import('./privacy-page.tsx').then((m) => m.PrivacyPage),
  terms: () => import('./terms-page.tsx').then((m) => m.TermsPage),
  embed: () => import('./embed-page.tsx').then((m) => m.EmbedPage),
  'not-found': () => import('./not-found-page.tsx').then((m) => m.NotFoundPage),
};
