// Site constants from docs/behaviour.md#constants, each written once; each comment quotes its row.

/** docs/behaviour.md#constants "Navigation turns dark after": px of scroll. */
export const NAV_SCROLL_THRESHOLD_PX = 10;

/** docs/behaviour.md#constants "Scroll offsets": px kept above a section when scrolling to it. */
export const SECTION_OFFSETS_PX: Readonly<Record<string, number>> = {
  features: 35,
  'how-it-works': 90,
  testimonials: 98,
  contact: 30,
};

/** docs/behaviour.md#constants "Scroll offsets": any other section. */
export const DEFAULT_SECTION_OFFSET_PX = 80;

/** docs/behaviour.md#constants "Scroll offsets": the hero's Let's Talk button. */
export const HERO_BUTTON_OFFSET_PX = 30;

/** docs/behaviour.md#constants "Testimonial card width / gap". */
export const TESTIMONIAL_CARD_WIDTH_PX = 320;
export const TESTIMONIAL_GAP_PX = 16;

/** docs/behaviour.md#constants "Testimonial strip speed": px per animation frame. */
export const CAROUSEL_PX_PER_FRAME = 0.5;

/** docs/behaviour.md#constants "Strip loop padding": cards repeated after the set. */
export const CAROUSEL_LOOP_PADDING_CARDS = 5;

/** docs/behaviour.md#constants "Hero chat message step". */
export const CHAT_REVEAL_STEP_MS = 200;

/** docs/behaviour.md#constants "Reveal threshold / bottom margin": 10% visible, with a 50 px bottom margin. */
export const REVEAL_THRESHOLD = 0.1;
export const REVEAL_BOTTOM_MARGIN_PX = 50;

/** docs/behaviour.md#constants "Reveal delay per card": stagger per card index. */
export const FEATURE_REVEAL_STEP_MS = 100;
export const STEP_REVEAL_STEP_MS = 150;

/** docs/behaviour.md#constants "Testimonial rating": the scale stars are drawn on. */
export const RATING_SCALE = 5;
