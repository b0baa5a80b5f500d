import { type ReactNode, Suspense, use, useId, useLayoutEffect } from 'react';
import { hydrationQueue } from './queue.ts';

const OPEN: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled' });

function Gate({ id, children }: { id: string; children: ReactNode }) {
  // Suspending while hydrating keeps the prerendered HTML on screen, untouched and visible,
  // until this island's turn. Whether the queue is held never changes during a page's life.
  use(hydrationQueue.gate(id) ?? OPEN);
  // Layout effect: the commit itself ends the turn, so the next island need not wait a frame.
  useLayoutEffect(() => hydrationQueue.committed(id), [id]);
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
