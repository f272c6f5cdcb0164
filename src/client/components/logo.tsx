export const SLOGAN = "Reading is slow. Just vibe it.";

/**
 * The VibeRead mark: an open book with a wave across it. Decorative; the name is always written next to it.
 * `brand` and `accent` default to the stylesheet's colours; the share image passes literal ones.
 */
export function LogoMark({
  size = 36,
  brand = "var(--brand)",
  accent = "var(--accent)",
  className = "logo-mark",
}: {
  size?: number;
  brand?: string;
  accent?: string;
  className?: string;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <rect width="48" height="48" rx="12" fill={brand} />
      <path d="M10 15c5-2 10-2 14 1v19c-4-3-9-3-14-1z" fill="#fff" opacity="0.95" />
      <path d="M38 15c-5-2-10-2-14 1v19c4-3 9-3 14-1z" fill="#fff" opacity="0.8" />
      <path
        d="M8 30c4-3 8 3 12 0s8 3 12 0 8 3 8 3"
        stroke={accent}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
