import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type NavItem, navCallToAction, navItems } from '../content/navigation.ts';
import { useScrolled } from '../hooks/use-scrolled.ts';
import { NAV_SCROLL_THRESHOLD_PX } from '../lib/constants.ts';
import { scrollToSection } from '../lib/scroll-to-section.ts';
import { BrandLink } from './brand.tsx';
import { Icon } from './icons.tsx';

const MENU_ID = 'mobile-menu';

function NavLinks({
  onSelect,
  className,
}: {
  onSelect: (event: MouseEvent<HTMLAnchorElement>, item: NavItem) => void;
  className: string;
}) {
  return (
    <ul className={className}>
      {navItems.map((item) => (
        <li key={item.sectionId}>
          <a
            className="nav-link"
            href={`#${item.sectionId}`}
            onClick={(event) => onSelect(event, item)}
          >
            {item.label}
          </a>
        </li>
      ))}
      <li>
        <a
          className="button button-primary nav-cta"
          href={`#${navCallToAction.sectionId}`}
          onClick={(event) => onSelect(event, navCallToAction)}
        >
          {navCallToAction.label}
        </a>
      </li>
    </ul>
  );
}

/**
 * Fixed top bar: transparent at the top, dark and blurred past 10 px of scroll. Section links
 * smooth-scroll with the offsets of docs/behaviour.md#constants; below the desktop breakpoint a toggle opens a menu that
 * closes on a choice, on Escape or on a click elsewhere.
 */
export function NavBar() {
  const scrolled = useScrolled(NAV_SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  const onSelect = useCallback((event: MouseEvent<HTMLAnchorElement>, item: NavItem) => {
    if (scrollToSection(item.sectionId)) {
      event.preventDefault();
    }
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open) {
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !headerRef.current?.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const classes = ['site-nav', scrolled ? 'is-scrolled' : '', open ? 'is-open' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <header className={classes} ref={headerRef}>
      <nav className="nav-inner container" aria-label="Main">
        <BrandLink />
        <NavLinks className="nav-links" onSelect={onSelect} />
        <button
          ref={toggleRef}
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} />
          <span className="visually-hidden">Menu</span>
        </button>
      </nav>
      {/* Rendered only while open, so the page does not carry a second copy of the links. */}
      <div id={MENU_ID} className="mobile-menu" hidden={!open}>
        {open ? <NavLinks className="mobile-links container" onSelect={onSelect} /> : null}
      </div>
    </header>
  );
}
