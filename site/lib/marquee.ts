import {
  CAROUSEL_LOOP_PADDING_CARDS,
  CAROUSEL_PX_PER_FRAME,
  TESTIMONIAL_CARD_WIDTH_PX,
  TESTIMONIAL_GAP_PX,
} from './constants.ts';

/** Width of one full set of cards, each followed by its gap: where the loop wraps. */
export function marqueeSetWidth(
  cardCount: number,
  cardWidth = TESTIMONIAL_CARD_WIDTH_PX,
  gap = TESTIMONIAL_GAP_PX,
): number {
  return cardCount * (cardWidth + gap);
}

/**
 * The offset one animation frame later: advances by `speed` px and wraps back by one set width,
 * so the duplicated cards take the originals' place without a visible jump.
 */
export function nextMarqueeOffset(
  offset: number,
  setWidth: number,
  speed = CAROUSEL_PX_PER_FRAME,
): number {
  if (setWidth <= 0) {
    return 0;
  }
  const next = offset + speed;
  return next >= setWidth ? next - setWidth : next;
}

/** Indices of the cards repeated after the set (docs/behaviour.md#constants: 5 cards of loop padding). */
export function loopPaddingIndices(
  cardCount: number,
  padding = CAROUSEL_LOOP_PADDING_CARDS,
): number[] {
  return Array.from({ length: cardCount > 0 ? padding : 0 }, (_, i) => i % cardCount);
}
