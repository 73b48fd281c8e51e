import { memo } from 'react';
import type { CanvasSection } from '../../../../../shared/contracts/canvas';
import { SectionType } from '../../../../../shared/enums';
import { t } from '../../../messages/en-US';
import { categoryColor } from '../lib/colors';
import { AbundancesIllustration } from './AbundancesIllustration';
import { CategoryCard } from './CategoryCard';

/**
 * One section of the overview, laid out by its type (docs/product/canvas.md#screens): the family council as a
 * grid of cards, the four abundances as a 2×2 grid around the centre image, the others
 * (timeline, past, present, future, custom) as a list. Memoised: the overview renders again as its people, advisors
 * and live state arrive, and a section whose data is unchanged (the query keeps its objects) need not.
 */
export const SectionView = memo(function SectionView({ section, canEdit }: { section: CanvasSection; canEdit: boolean }) {
  const headingId = `section-${section.id}-title`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={`section-${section.sectionTypeId}`}>
      <h2 id={headingId} className="font-display text-2xl font-semibold text-primary-800">
        {section.title}
      </h2>
      <SectionLayout section={section} canEdit={canEdit} />
    </section>
  );
});

function SectionLayout({ section, canEdit }: { section: CanvasSection; canEdit: boolean }) {
  const cards = section.categories.map((category) => <CategoryCard key={category.id} category={category} canEdit={canEdit} />);
  if (section.sectionTypeId === SectionType.FamilyCouncil) {
    return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{cards}</div>;
  }
  if (section.sectionTypeId === SectionType.FourAbundances) {
    // Small above the cards on a phone, large between them from md up.
    const illustration = { colors: section.categories.map((c) => categoryColor(c.colorCode)), label: t('canvas.section.fourAbundancesImage') };
    return (
      <div className="relative">
        <div className="mb-4 flex justify-center md:hidden">
          <AbundancesIllustration {...illustration} className="size-24" />
        </div>
        <div className="grid gap-4 md:grid-cols-2 md:gap-x-24 md:gap-y-14">{cards}</div>
        <div className="pointer-events-none absolute inset-0 hidden items-center justify-center md:flex">
          <AbundancesIllustration {...illustration} className="size-28 drop-shadow-md" />
        </div>
      </div>
    );
  }
  return <div className="flex flex-col gap-4">{cards}</div>;
}
