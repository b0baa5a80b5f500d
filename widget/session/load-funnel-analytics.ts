/**
 * The lazy boundary of the `funnel-analytics` chunk (docs/architecture.md, the chunk map): only
 * pages that asked for `analytics="datalayer"` carry its code (the after-click budget).
 */
export const loadFunnelAnalytics = () => import('./funnel/funnel-analytics.ts');
