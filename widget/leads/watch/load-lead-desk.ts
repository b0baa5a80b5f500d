/**
 * The lazy boundary of the `lead-desk` chunk (docs/architecture.md, the chunk map): the handling
 * of lead tool calls, fetched with a conversation's first `tool-calls` message, or at page load
 * when captures wait on the device.
 */
export const loadLeadDesk = () => import('../lead-desk.ts');
