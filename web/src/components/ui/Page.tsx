import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

type PageProps = {
  title: string;
  intro?: ReactNode;
  /** prose: a readable column for text pages; wide: the full page width. */
  width?: 'prose' | 'wide';
  children?: ReactNode;
  actions?: ReactNode;
};

/** The frame of a page: one h1 (every page has exactly one), an optional intro, the content. */
export function Page({ title, intro, width = 'wide', children, actions }: PageProps) {
  return (
    <div className={cx('mx-auto w-full px-4 py-10 sm:px-6 sm:py-14', width === 'prose' ? 'max-w-reading' : 'max-w-page')}>
      <h1 className="font-display text-3xl font-semibold text-primary-800 sm:text-4xl">{title}</h1>
      {intro && <div className="mt-4 max-w-reading text-lg text-ink-700">{intro}</div>}
      {actions && <div className="mt-6 flex flex-wrap gap-3">{actions}</div>}
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
