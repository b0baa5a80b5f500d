/** Names of the icons in styles/icons.css; all are 24×24 and drawn in the current text colour. */
export type IconName =
  | 'chat'
  | 'mic'
  | 'target'
  | 'chart'
  | 'plug'
  | 'check'
  | 'menu'
  | 'close'
  | 'arrow-right'
  | 'mail'
  | 'clock'
  | 'x'
  | 'linkedin'
  | 'youtube'
  | 'facebook';

/**
 * A decorative icon, hidden from assistive technology (the surrounding text names it). The
 * shapes live in the stylesheet as CSS masks, so they cost no script and stay sharp at any
 * pixel density.
 */
export function Icon({ name }: { name: IconName }) {
  return <span className={`icon icon-${name}`} aria-hidden="true" />;
}

/** One star of a rating. */
export function Star() {
  return <span className="icon icon-star star" aria-hidden="true" />;
}
