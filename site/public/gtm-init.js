// Google Tag Manager's start event, as its snippet pushes it: a file of the site, not an inline
// script, so the site's strict Content-Security-Policy needs no hash and no 'unsafe-inline'
// (site/content/analytics.ts, docs/marketers.md).
window.dataLayer = window.dataLayer || [];
window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
