import { type ReactNode, useEffect, useRef } from 'react';
import { takeFocusRequest } from '../lib/navigation.ts';

/**
 * A page's one `<h1>`: it names the document, and takes focus after an in-app navigation so
 * screen reader and keyboard users start at the new page.
 */
export function PageHeading({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Inbox`;
    if (takeFocusRequest()) {
      ref.current?.focus();
    }
  }, [title]);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-title">
      {children ?? title}
    </h1>
  );
}
