import type { ReactElement } from 'react';

/** Names of the line icons drawn below; all are 24×24, stroke-based and decorative. */
export type IconName =
  | 'chat'
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

const STROKED: Partial<Record<IconName, ReactElement>> = {
  chat: (
    <>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  target: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4.5" />
      <circle cx="12" cy="12" r="1" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </>
  ),
  chart: (
    <>
      <path d="M4 4v16h16" />
      <path d="M8 15v-3M12 15V8M16 15v-5" />
    </>
  ),
  plug: (
    <>
      <path d="M9 3v5M15 3v5" />
      <path d="M6 8h12v3a6 6 0 0 1-12 0z" />
      <path d="M12 17v4" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  'arrow-right': <path d="M5 12h14M13 6l6 6-6 6" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
};

const FILLED: Partial<Record<IconName, ReactElement>> = {
  x: <path d="M4 4h4.6l11.4 16h-4.6zM18.6 4h1.9L13.4 12l-1.1-1.5zM5.2 20h-1.9l7.1-8 1.1 1.5z" />,
  linkedin: (
    <path d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm2 7.5V18h2.6v-7.5zm1.3-4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM11.3 10.5V18h2.6v-4c0-1.2.6-1.8 1.5-1.8s1.3.6 1.3 1.8v4h2.6v-4.6c0-2.3-1.2-3.1-2.9-3.1-1.2 0-2 .5-2.5 1.2v-1z" />
  ),
  youtube: (
    <path d="M21.2 7.7a2.6 2.6 0 0 0-1.8-1.8C17.8 5.5 12 5.5 12 5.5s-5.8 0-7.4.4a2.6 2.6 0 0 0-1.8 1.8C2.4 9.3 2.4 12 2.4 12s0 2.7.4 4.3a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.4.4 7.4.4s5.8 0 7.4-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.3.4-4.3s0-2.7-.4-4.3zM10 15V9l5.2 3z" />
  ),
  facebook: (
    <path d="M12 2.5a9.5 9.5 0 0 0-1.5 18.9v-6.6H8.1V12h2.4V9.9c0-2.4 1.4-3.7 3.6-3.7 1 0 2.1.2 2.1.2v2.3H15c-1.2 0-1.5.7-1.5 1.5V12h2.6l-.4 2.8h-2.2v6.6A9.5 9.5 0 0 0 12 2.5z" />
  ),
};

/** A decorative icon (hidden from assistive technology; the surrounding text names it). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const filled = FILLED[name];
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {filled ?? STROKED[name]}
    </svg>
  );
}

/** Five-point star used by the ratings. */
export function Star() {
  return (
    <svg
      className="star"
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z"
      />
    </svg>
  );
}
