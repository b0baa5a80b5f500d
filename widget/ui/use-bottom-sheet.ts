import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useState } from 'react';

/** Below this width the floating panel is a bottom sheet (the same query as in styles.ts). */
export const SHEET_QUERY = '(max-width: 479.98px)';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Whether the viewport is narrow enough for the bottom sheet; follows resizes and rotation. */
export function useSheetLayout(): boolean {
  const [sheet, setSheet] = useState(() => matchMedia(SHEET_QUERY).matches);
  useEffect(() => {
    const query = matchMedia(SHEET_QUERY);
    const update = (): void => setSheet(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return sheet;
}

/** The panel's handlers that keep focus inside it. */
export interface FocusTrapHandlers {
  onKeyDown(event: KeyboardEvent): void;
  onBlurCapture(event: FocusEvent): void;
}

function focusables(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
}

/**
 * Keeps keyboard focus inside `panel` while `enabled` (the bottom sheet is modal): Tab from the
 * last control goes to the first, Shift+Tab from the first to the last, and focus moving to an
 * element outside the panel is brought back to its first control.
 */
export function useFocusTrap(
  panel: RefObject<HTMLElement | null>,
  enabled: boolean,
): FocusTrapHandlers {
  return {
    onKeyDown: (event) => {
      const box = panel.current;
      if (!enabled || event.key !== 'Tab' || !box) {
        return;
      }
      const controls = focusables(box);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) {
        return;
      }
      const current = (box.getRootNode() as Document | ShadowRoot).activeElement;
      if (event.shiftKey ? current === first : current === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    },
    onBlurCapture: (event) => {
      const box = panel.current;
      const next = event.relatedTarget as Node | null;
      // A focused control being removed (no related target) is the view's to handle.
      if (enabled && box && next !== null && !box.contains(next)) {
        focusables(box)[0]?.focus();
      }
    },
  };
}
