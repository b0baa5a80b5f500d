import { type ReactNode, Suspense, use, useEffect, useId, useLayoutEffect } from 'react';
import { whenNear } from './near-viewport.ts';
import { hydrationQueue } from './queue.ts';

const OPEN: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' });

/** Lists on `<html>` the deferred sections that have hydrated (tests and monitoring). */
const HYDRATED_SECTIONS_ATTRIBUTE = 'data-hydrated-sections';

function markSectionHydrated(anchor: string): void {
  const root = document.documentElement;
  const sections = new Set(root.getAttribute(HYDRATED_SECTIONS_ATTRIBUTE)?.split(' '));
  sections.add(anchor);
  root.setAttribute(HYDRATED_SECTIONS_ATTRIBUTE, [...sections].filter(Boolean).join(' '));
}

function Gate({ id, anchor, children }: { id: string; anchor?: string; children: ReactNode }) {
  // Suspending while hydrating keeps the prerendered HTML on screen, untouched and visible,
  // until this island's turn. Whether the queue is held never changes during a page's life.
  use(hydrationQueue.gate(id) ?? OPEN);
  // Layout effect: the commit itself ends the turn, so the next island need not wait a frame.
  useLayoutEffect(() => {
    hydrationQueue.committed(id);
    if (anchor) {
      markSectionHydrated(anchor);
    }
  }, [id, anchor]);
  return children;
}

/**
 * A part of the page that hydrates on its own turn (see hydration-queue.ts): its prerendered
 * HTML shows at once and works as plain HTML (links, the form's native POST) until then.
 * Islands must not be nested inside another Suspense boundary.
 */
export function Island({ children }: { children: ReactNode }) {
  const id = useId();
  hydrationQueue.register(id);
  return (
    <Suspense fallback={null}>
      <Gate id={id}>{children}</Gate>
    </Suspense>
  );
}

/**
 * A part of the page below the first screen (docs/behaviour.md#landing): it takes no turn, and
 * hydrates when the element with the id `anchor` comes near the viewport, or at the visitor's
 * first press or key. Give it a lazy component (`lazySection`), so its code and text are
 * downloaded only then; until then its prerendered HTML is the page. Until it hydrates, React
 * holds back hover and focus events inside it (to replay them after): never put an element that
 * listens to those itself, such as `<voice-assistant>`, in one.
 */
export function DeferredIsland({ anchor, children }: { anchor: string; children: ReactNode }) {
  const id = useId();
  hydrationQueue.register(id, true);
  // This wrapper hydrates with the page's shell, before its own content: the watch starts then.
  useEffect(() => {
    const element = document.getElementById(anchor);
    return element ? whenNear(element, () => hydrationQueue.open(id)) : undefined;
  }, [anchor, id]);
  return (
    <Suspense fallback={null}>
      <Gate id={id} anchor={anchor}>
        {children}
      </Gate>
    </Suspense>
  );
}
