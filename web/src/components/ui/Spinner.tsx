import { cx } from '../../lib/cx';

type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; omit with `decorative` when the surrounding text says it. */
  label?: string;
  decorative?: boolean;
  className?: string;
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-12' } as const;

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const svg = (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cx(sizes[size], 'animate-spin-slow', className)}>
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return svg;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The full-screen loading indicator of docs/product/shell.md#application-shell (and the /loading page). */
export function FullScreenLoader({ label, text }: { label: string; text?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-canvas/95 text-primary-700" data-testid="full-screen-loader">
      <Spinner size="lg" label={label} />
      {text && <p className="text-lg text-ink-700">{text}</p>}
    </div>
  );
}
