import { DEFAULT_SECTION_OFFSET_PX, SECTION_OFFSETS_PX } from './constants.ts';

/** The px kept above `sectionId` when scrolling to it (docs/behaviour.md#landing: 35/90/98/30, 80 otherwise). */
export function sectionOffset(sectionId: string): number {
  return SECTION_OFFSETS_PX[sectionId] ?? DEFAULT_SECTION_OFFSET_PX;
}

/** Document-relative scroll target for an element top at `elementTop` in the viewport. */
export function scrollTargetY(elementTop: number, scrollY: number, offset: number): number {
  return Math.max(0, Math.round(elementTop + scrollY - offset));
}

/**
 * Scrolls so the section's top sits `offset` px below the viewport top, smoothly unless the
 * visitor prefers reduced motion, then moves focus there for keyboard and screen-reader users.
 * Returns false when the section does not exist.
 */
export function scrollToSection(sectionId: string, offset = sectionOffset(sectionId)): boolean {
  const section = document.getElementById(sectionId);
  if (!section) {
    return false;
  }
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const top = scrollTargetY(section.getBoundingClientRect().top, window.scrollY, offset);
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
  section.focus({ preventScroll: true });
  return true;
}
