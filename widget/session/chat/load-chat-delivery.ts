/**
 * The lazy boundary of the `chat-delivery` chunk (docs/architecture.md, the chunk map): the
 * replies to typed lines outside a call, fetched with the first one.
 */
export const loadChatDelivery = () => import('./delivery/chat-delivery.ts');
