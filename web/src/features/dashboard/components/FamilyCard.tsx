import { forwardRef, useState, type ReactNode } from 'react';
import { useIsTouchScreen } from '../../../hooks/use-touch';
import { Link, useNavigate } from 'react-router';
import type { DashboardFamily } from '../../../../../shared/contracts/work-relations';
import { WorkRelationRole } from '../../../../../shared/enums';
import { defaultCategoryColor } from '../../../../../shared/canvas-template';
import { t } from '../../../messages/en-US';
import { AccessEndsNotice } from '../../../components/AccessEndsNotice';
import { canOpenCanvas, hasCanvasButton } from '../lib/dashboard';
import { BookIcon, CanvasIcon, FamilyIcon } from './icons';

export type DashboardLinks = {
  canvas: (familyId: number) => string;
  category: (categoryId: number) => string;
  family: (entityId: number) => string;
  familyInvitations: () => string;
  notFound: () => string;
};

type Category = NonNullable<DashboardFamily['canvas']>['sections'][number]['categories'][number];

/** A category colour as CSS `#RRGGBB`; grey A5A5A5 when missing or malformed (docs/product/dashboard.md#fields). */
function colorOf(color: string | null | undefined): string {
  const hex = (color ?? '').replace(/^#/, '');
  return `#${/^[0-9a-f]{6}$/i.test(hex) ? hex.toUpperCase() : defaultCategoryColor}`;
}

/** docs/product/limits.md#dashboard-limits: the highlight background is the category colour at 10 percent opacity. */
function highlightOf(color: string | null | undefined): string {
  const hex = colorOf(color).slice(1);
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, 0.1)`;
}

/** Items of the visible sections others created or changed since the advisor last opened this canvas (0 until the server says). */
function changesSinceLastVisit(family: DashboardFamily): number {
  const count = (family as { changesSinceLastVisit?: number }).changesSinceLastVisit;
  return typeof count === 'number' && count > 0 ? count : 0;
}

const iconLinkClasses = 'inline-flex size-11 items-center justify-center rounded-control text-primary-700 hover:bg-primary-50';

/** A round icon link of the card's header, named by its label (read out and shown on hover). */
function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={iconLinkClasses} aria-label={label} title={label}>
      {children}
    </Link>
  );
}

/** What the plan-book dialog of one family needs; the route hands the dialog in (the canvas feature owns it). */
export type PlanBookDialogSlot = (props: { familyId: number; sections: Array<{ id: number; title: string }>; onClose: () => void }) => ReactNode;

type FamilyCardProps = { family: DashboardFamily; isAdmin: boolean; links: DashboardLinks; renderPlanBook: PlanBookDialogSlot };

/**
 * One family on the dashboard (docs/product/dashboard.md#screens): a header with the family name, the
 * canvas button (canViewCanvas and a canvas) and the family page icon; a double click on
 * the header opens the canvas when allowed. Below, the shared sections with their
 * category cards in the category colour and their active takeaways; a card opens the
 * category page.
 */
export const FamilyCard = forwardRef<HTMLElement, FamilyCardProps>(function FamilyCard({ family, isAdmin, links, renderPlanBook }, ref) {
  const navigate = useNavigate();
  const isOpenable = canOpenCanvas(family, isAdmin);
  const isTouch = useIsTouchScreen();
  const nameId = `family-${family.id}-name`;
  const changes = changesSinceLastVisit(family);
  const [isPlanBookOpen, setIsPlanBookOpen] = useState(false);
  const planBookSections = family.canvas?.sections.map(({ id, title }) => ({ id, title })) ?? [];
  return (
    <article
      ref={ref}
      aria-labelledby={nameId}
      tabIndex={-1}
      className="rounded-card border border-line bg-surface shadow-card focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-500"
      data-testid="family-card"
    >
      <header
        className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3 sm:px-5"
        onDoubleClick={isOpenable && family.canvas ? () => void navigate(links.canvas(family.id)) : undefined}
        title={isOpenable && !isTouch ? t('dashboard.headerHint') : undefined}
        data-testid="family-card-header"
      >
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="font-display text-xl font-semibold break-words text-primary-800 sm:text-2xl">
            {family.entityName}
          </h2>
          {family.canvas && <p className="text-sm text-ink-700">{family.canvas.title}</p>}
          {changes > 0 && (
            <p
              className="mt-1 inline-flex items-center rounded-full bg-info-bg px-2.5 py-0.5 text-sm font-semibold text-info-700"
              data-testid="family-card-changes"
            >
              {changes === 1 ? t('dashboard.changeSinceLastVisit') : t('dashboard.changesSinceLastVisit', { count: changes })}
            </p>
          )}
          <AccessEndsNotice endsOn={family.accessEndsOn} className="mt-2 w-fit" />
        </div>
        <div className="flex items-center">
          {hasCanvasButton(family) && isOpenable && (
            <IconLink to={links.canvas(family.id)} label={t('dashboard.openCanvas', { name: family.entityName })}>
              <CanvasIcon className="size-6" />
            </IconLink>
          )}
          {isOpenable && planBookSections.length > 0 && (
            <button
              type="button"
              onClick={() => setIsPlanBookOpen(true)}
              className={iconLinkClasses}
              aria-label={t('planBook.openFor', { name: family.entityName })}
              title={t('planBook.openFor', { name: family.entityName })}
            >
              <BookIcon className="size-6" />
            </button>
          )}
          <IconLink to={links.family(family.id)} label={t('dashboard.openFamily', { name: family.entityName })}>
            <FamilyIcon className="size-6" />
          </IconLink>
        </div>
      </header>
      {isPlanBookOpen && renderPlanBook({ familyId: family.id, sections: planBookSections, onClose: () => setIsPlanBookOpen(false) })}
      <div className="flex flex-col gap-6 px-4 py-4 sm:px-5">
        {!family.canvas ? (
          <p className="text-ink-700">{family.workRelationRoleId === WorkRelationRole.None ? t('dashboard.noAccess') : t('dashboard.noCanvas')}</p>
        ) : family.canvas.sections.length === 0 ? (
          <p className="text-ink-700">{t('dashboard.noSections')}</p>
        ) : (
          family.canvas.sections.map((section) => (
            <section key={section.id} aria-labelledby={`dashboard-section-${section.id}`} data-testid="dashboard-section">
              <h3 id={`dashboard-section-${section.id}`} className="font-display text-lg font-semibold text-ink-900">
                {section.title}
              </h3>
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {section.categories.map((category) => (
                  <li key={category.id}>
                    <CategoryTile category={category} href={links.category(category.id)} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </article>
  );
});

/** A category card: the whole card opens the category page (its title is the link). */
function CategoryTile({ category, href }: { category: Category; href: string }) {
  const color = colorOf(category.colorCode);
  // The server lists the first few takeaways and counts them all (beyond the spec: takeawayCount).
  const more = Math.max(0, (category.takeawayCount ?? category.takeaways.length) - category.takeaways.length);
  return (
    <div
      className="relative flex h-full flex-col rounded-card border-2 bg-surface hover:shadow-card"
      style={{ borderColor: color }}
      data-testid="dashboard-category"
    >
      <div
        className="flex items-start gap-2 rounded-t-[calc(var(--radius-card)-2px)] px-3 pt-2 pb-2"
        style={{ backgroundColor: highlightOf(category.colorCode) }}
      >
        <span aria-hidden="true" className="mt-1.5 size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />
        <h4 className="font-semibold text-ink-900">
          <Link to={href} className="rounded-control after:absolute after:inset-0 after:rounded-card hover:underline focus-visible:underline">
            {category.title}
          </Link>
        </h4>
      </div>
      <div className="px-3 py-2 text-sm">
        {category.takeaways.length > 0 ? (
          <>
            <ul aria-label={t('dashboard.takeaways', { title: category.title })} className="flex flex-col gap-1">
              {category.takeaways.map((takeaway) => (
                <li key={takeaway.id} className="border-l-4 pl-2 break-words text-ink-900" style={{ borderColor: color }}>
                  {takeaway.title}
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="mt-1 text-ink-700" data-testid="dashboard-more-takeaways">
                {more === 1 ? t('dashboard.moreTakeaway') : t('dashboard.moreTakeaways', { count: more })}
              </p>
            )}
          </>
        ) : (
          <p className="text-ink-600">{t('dashboard.noTakeaways')}</p>
        )}
      </div>
    </div>
  );
}
