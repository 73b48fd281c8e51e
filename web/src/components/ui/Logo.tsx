/** The Family Canvas mark: four panes of one canvas, one of them warm. Decorative next to the name. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect x="1" y="1" width="30" height="30" rx="7" fill="#1f4e5f" />
      <rect x="6" y="6" width="9" height="9" rx="2" fill="#acd3d2" />
      <rect x="17" y="6" width="9" height="9" rx="2" fill="#e0a050" />
      <rect x="6" y="17" width="9" height="9" rx="2" fill="#7db7b6" />
      <rect x="17" y="17" width="9" height="9" rx="2" fill="#d6eaea" />
    </svg>
  );
}
