import { useId } from 'react';

/**
 * The site's drawing of 14 Linden Court: a two-storey home with a porch, a fenced yard and a
 * tree at dusk. Pure vector (no raster, no inline styles), so it is crisp at any size and works
 * under the strict CSP; scripts/prerender-images.ts draws the social card from the same markup.
 * Decorative unless given a `title`.
 */
export function HomeIllustration({ className, title }: { className?: string; title?: string }) {
  const id = useId();
  const sky = `${id}-sky`;
  const roof = `${id}-roof`;
  return (
    <svg
      className={className}
      viewBox="0 0 320 180"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1e3a8a" />
          <stop offset="0.55" stopColor="#f59e0b" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fde68a" />
        </linearGradient>
        <linearGradient id={roof} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#334155" />
          <stop offset="1" stopColor="#1e293b" />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${sky})`} />
      <circle cx="262" cy="52" r="18" fill="#fef3c7" />
      <path d="M0 138 Q80 120 160 134 T320 128 V180 H0Z" fill="#4d7c0f" />
      <path d="M0 150 Q90 140 180 150 T320 146 V180 H0Z" fill="#65a30d" />
      {/* tree */}
      <rect x="40" y="112" width="6" height="30" rx="2" fill="#78350f" />
      <circle cx="43" cy="102" r="20" fill="#3f6212" />
      <circle cx="32" cy="110" r="12" fill="#4d7c0f" />
      <circle cx="54" cy="108" r="13" fill="#4d7c0f" />
      {/* house */}
      <rect x="98" y="78" width="124" height="70" fill="#f8fafc" />
      <rect x="190" y="44" width="12" height="28" fill="#7c2d12" />
      <path d="M88 82 L160 36 L232 82 Z" fill={`url(#${roof})`} />
      <rect x="86" y="80" width="148" height="6" rx="2" fill="#0f172a" />
      <rect x="148" y="56" width="24" height="18" rx="2" fill="#fbbf24" />
      <path d="M160 56 V74 M148 65 H172" stroke="#92400e" strokeWidth="2" />
      <rect x="110" y="96" width="26" height="22" rx="2" fill="#fbbf24" />
      <rect x="184" y="96" width="26" height="22" rx="2" fill="#fbbf24" />
      <path d="M123 96 V118 M197 96 V118" stroke="#92400e" strokeWidth="2" />
      <rect x="150" y="104" width="20" height="44" rx="2" fill="#b45309" />
      <circle cx="165" cy="127" r="1.8" fill="#fde68a" />
      <rect x="142" y="146" width="36" height="4" fill="#cbd5e1" />
      {/* fence */}
      <path
        d="M232 132 H300 M232 142 H300 M238 126 V150 M250 126 V150 M262 126 V150 M274 126 V150 M286 126 V150 M298 126 V150"
        stroke="#f8fafc"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M160 150 L150 180 H182 L168 150 Z" fill="#e7e5e4" opacity="0.85" />
    </svg>
  );
}
