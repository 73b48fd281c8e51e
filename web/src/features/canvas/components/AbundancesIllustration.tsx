/**
 * The centre image of the four abundances (docs/product/canvas.md#screens): four petals — wealth, time,
 * relationships, purpose — around one heart, in the colours of their categories.
 */
export function AbundancesIllustration({ colors, label, className }: { colors: readonly string[]; label: string; className?: string }) {
  const [wealth = '#2A9D8F', time = '#E9C46A', relationships = '#D1495B', purpose = '#8E7DBE'] = colors;
  return (
    <svg viewBox="0 0 120 120" role="img" aria-label={label} className={className}>
      <circle cx="60" cy="60" r="58" fill="#ffffff" stroke="#d6dcde" strokeWidth="2" />
      <g opacity="0.9">
        <ellipse cx="40" cy="40" rx="22" ry="14" transform="rotate(45 40 40)" fill={wealth} />
        <ellipse cx="80" cy="40" rx="22" ry="14" transform="rotate(-45 80 40)" fill={time} />
        <ellipse cx="40" cy="80" rx="22" ry="14" transform="rotate(-45 40 80)" fill={relationships} />
        <ellipse cx="80" cy="80" rx="22" ry="14" transform="rotate(45 80 80)" fill={purpose} />
      </g>
      <circle cx="60" cy="60" r="15" fill="#1f4e5f" />
      <path d="M60 68c-6-4.5-10-8-10-12a5 5 0 0 1 10-1.5A5 5 0 0 1 70 56c0 4-4 7.5-10 12z" fill="#ffffff" />
    </svg>
  );
}
