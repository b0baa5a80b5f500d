/**
 * The lazy boundary of the `feedback-card` chunk (docs/architecture.md, the chunk map): "How was
 * this conversation?", fetched when a conversation that said anything ends.
 */
export const loadFeedbackCard = () => import('./feedback/feedback-card.ts');
