import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useLocation, useNavigate } from 'react-router';
import { EntityType } from '../../../../shared/enums';
import { globallyHandledCodes, isApiError } from '../../lib/api-client';
import { Page } from '../../components/ui/Page';
import { CreateEntityFlow, type CreatedEntity } from '../../features/entities/components/CreateEntityFlow';
import { t } from '../../messages/en-US';
import { useToasts } from '../../stores/toasts';
import { paths } from '../paths';
import type { CreateEntityLocationState } from './no-entity';
import { reloadEntities } from './organisation-session';

/**
 * Create-entity (docs/product/organisations-and-members.md#screens, docs/product/errors.md#toasts): after the two steps the new entity becomes current
 * (POST /entities does not switch the session: set-current-entity follows), a toast says
 * so, and a family goes to its canvas, a company to the dashboard.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const isFromNoEntity = (location.state as CreateEntityLocationState | null)?.from === 'noEntity';

  const onCreated = async (entity: CreatedEntity) => {
    const isFamily = entity.entityTypeId === EntityType.Family;
    try {
      await reloadEntities(store, queryClient, entity.id);
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.showSystemError();
      return;
    }
    toasts.show({ mode: 'success', text: isFamily ? t('createEntity.successMessages.family') : t('createEntity.successMessages.company') });
    void navigate(isFamily ? paths.canvas() : paths.dashboard(), { replace: true });
  };

  return (
    <Page width="prose" title={t('pages.createEntity.title')}>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <CreateEntityFlow backHref={isFromNoEntity ? paths.noEntity() : undefined} onCreated={onCreated} />
      </div>
    </Page>
  );
}
