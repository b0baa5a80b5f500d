import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../lib/navigation.ts';

/** An ordinary link that moves inside the app on a plain click (new tabs still work). */
export function Link({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  function handle(event: MouseEvent<HTMLAnchorElement>): void {
    onClick?.(event);
    const plain =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!event.defaultPrevented && plain) {
      event.preventDefault();
      const focus = new URL(href, location.origin).pathname !== location.pathname;
      navigate(href, { focus });
      if (focus) {
        window.scrollTo(0, 0);
      }
    }
  }
  return <a href={href} onClick={handle} {...rest} />;
}
