/**
 * The lazy boundary of the `lead-handler` chunk (docs/architecture.md, the chunk map): the handling
 * of lead tool calls, fetched with a conversation's first `tool-calls` message, or at page load
 * when captures wait on the device.
 */
export const loadLeadHandler = () => import('../lead-handler.ts');
