import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/**
 * A table's rows as cards on a phone (usePhoneLayout, web/src/hooks/use-phone-layout.ts):
 * a list named like the table, one card per row with its title, its fields as label and
 * value, and its actions visible as buttons (no row to select or double-click).
 */
export function PhoneCardList({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3" data-testid={testId ?? 'phone-cards'}>
      {children}
    </ul>
  );
}

type PhoneCardProps = {
  title: ReactNode;
  /** Shown beside the title (a status badge). */
  badge?: ReactNode;
  fields: ReadonlyArray<{ label: string; value: ReactNode } | null | false>;
  actions?: ReactNode;
  /** Below the actions (an expanded panel). */
  children?: ReactNode;
  testId?: string;
  className?: string;
};

export function PhoneCard({ title, badge, fields, actions, children, testId, className }: PhoneCardProps) {
  return (
    <li className={cx('rounded-card border border-line bg-surface p-4 shadow-sm', className)} data-testid={testId ?? 'phone-card'}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-ink-900">{title}</p>
        {badge}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map(
          (field) =>
            field && (
              <div key={field.label} className="contents">
                <dt className="text-ink-700">{field.label}</dt>
                <dd className="min-w-0 break-words text-ink-900">{field.value}</dd>
              </div>
            ),
        )}
      </dl>
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      {children}
    </li>
  );
}
