/**
 * The lazy boundary of the `consent-dialog-view` chunk (docs/architecture.md, the chunk map): the
 * disclosure's dialog, fetched when it first opens.
 */
export const loadConsentDialogView = () => import('./dialog/consent-dialog-view.tsx');
