import { EntityType } from '../../../../../shared/enums';
import { Badge } from '../../../components/ui/Badge';
import { ScrollRegion } from '../../../components/ui/ScrollRegion';
import { t } from '../../../messages/en-US';
import type { SessionEntity } from '../../../stores/session';
import { HeaderRow } from '../../../components/ui/HeaderRow';

/** Profile tab 3 (docs/product/accounts.md#screens): the user's role in each of their entities. */
export function MemberRightsTab({ entities, currentEntityId }: { entities: readonly SessionEntity[]; currentEntityId: number | null }) {
  return (
    <section aria-labelledby="profile-rights-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="profile-rights-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.memberRights.title')}
        </h2>
        <p className="mt-1 text-ink-700">{t('profile.memberRights.intro')}</p>
      </div>
      <ScrollRegion label={t('profile.memberRights.title')}>
        <table className="w-full min-w-[28rem] border-collapse text-left">
          <caption className="sr-only">{t('profile.memberRights.title')}</caption>
          <thead className="border-b border-line bg-primary-50 text-sm">
            <HeaderRow
              labels={[t('profile.memberRights.entity'), t('profile.memberRights.type'), t('profile.memberRights.role')]}
              cellClassName="px-4 py-3 font-semibold text-ink-800"
            />
          </thead>
          <tbody>
            {entities.map((entity) => {
              const isFamily = entity.entityTypeId === EntityType.Family;
              return (
                <tr key={entity.id} className="border-b border-line last:border-b-0" data-testid="member-rights-row">
                  <th scope="row" className="px-4 py-3 font-semibold text-ink-900">
                    {entity.entityName}
                    {entity.id === currentEntityId && <span className="ml-2 text-sm font-normal text-ink-600">({t('profile.memberRights.current')})</span>}
                  </th>
                  <td className="px-4 py-3">
                    <Badge tone={isFamily ? 'family' : 'advisor'}>{isFamily ? t('entityType.family') : t('entityType.advisor')}</Badge>
                  </td>
                  <td className="px-4 py-3">{t(`roles.${entity.entityRoleId}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
