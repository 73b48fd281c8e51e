import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/ScrollRegion';
import { t } from '../../../messages/en-US';
import { useFamilies } from '../api/list-families';
import { useCurrentEntity } from '../hooks/use-current-entity';
import { canvasRightsName } from '../lib/display';
import { ListState } from './ListTable';
import { HeaderRow } from '../../../components/ui/HeaderRow';

type CanvasAccessListProps = {
  /** Links into the app (features do not import the app): the family page and the family's canvas. */
  familyHref: (familyId: number) => string;
  canvasHref: (familyId: number) => string;
};

/**
 * Profile tab 4 'Canvas access' (docs/product/accounts.md#screens, docs/product/work-relations.md#permissions): the families the user's
 * current advisor company works with, and the user's canvas rights for each (an owner or
 * admin shows as full access), with a link to the canvas where they may open it.
 */
export function CanvasAccessList({ familyHref, canvasHref }: CanvasAccessListProps) {
  const families = useFamilies();
  const { entity } = useCurrentEntity();
  const linkClasses = 'rounded-control font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800';
  return (
    <section aria-labelledby="canvas-access-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="canvas-access-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.canvasAccess.title')}
        </h2>
        <p className="mt-2 text-ink-700">{t('profile.canvasAccess.intro', { entityName: entity?.entityName ?? '' })}</p>
      </div>
      <ListState
        query={families}
        errorTitle={t('families.loadError')}
        emptyTitle={t('profile.canvasAccess.empty')}
        emptyHint={t('profile.canvasAccess.emptyText')}
      >
        {(rows) => (
          <ScrollRegion label={t('profile.canvasAccess.title')}>
            <table className="w-full min-w-[32rem] border-collapse text-left" data-testid="canvas-access">
              <caption className="sr-only">{t('canvasAccess.caption')}</caption>
              <thead className="border-b border-line bg-primary-50 text-sm">
                <HeaderRow
                  labels={[t('canvasAccess.column.family'), t('canvasAccess.column.rights'), t('canvasAccess.column.canvas')]}
                  cellClassName="px-3 py-3 font-semibold text-ink-800"
                />
              </thead>
              <tbody>
                {rows.map((family) => (
                  <tr key={family.id} className="border-b border-line last:border-b-0">
                    <th scope="row" className="px-3 py-3 font-semibold">
                      <Link to={familyHref(family.id)} className={linkClasses}>
                        {family.entityName}
                      </Link>
                    </th>
                    <td className="px-3 py-3">{canvasRightsName(family.workRelationRoleId)}</td>
                    <td className="px-3 py-3">
                      {family.canViewCanvas && family.canvasId !== null ? (
                        <Link to={canvasHref(family.canvasId)} className={linkClasses} aria-label={t('families.openCanvasOf', { name: family.entityName })}>
                          {t('families.openCanvas')}
                        </Link>
                      ) : (
                        <span className="text-ink-600">{family.canvasId === null ? t('families.noCanvas') : t('families.noCanvasAccess')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </ListState>
    </section>
  );
}
