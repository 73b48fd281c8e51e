import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { NotificationSettings } from '../../../../../shared/contracts/notifications';
import { digestFrequencies, type DigestFrequency } from '../../../../../shared/digest-schedule';
import { SaveRow } from '../../../components/ui/SaveRow';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { profileKeys } from '../api/keys';
import { updateNotificationSettings, useNotificationSettings } from '../api/notification-settings';

const formSchema = z.object({ digest: z.enum(digestFrequencies), timeZone: z.string().min(1) });

/** The zones this browser knows, with the stored one first if it is not among them. */
function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return (all.includes('UTC') ? all : ['UTC', ...all]).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Profile tab "Notifications": the e-mail digest (off, weekly, daily) and the time zone its 07:00 follows. */
export function NotificationsTab({ progressTiming }: { progressTiming?: { stepMs?: number; successMs?: number } }) {
  const settings = useNotificationSettings();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <LoadErrorState title={t('profile.notifications.loadError')} onRetry={() => void settings.refetch()} />;
  return <NotificationsForm key={settings.dataUpdatedAt} settings={settings.data} progressTiming={progressTiming} />;
}

function NotificationsForm({ settings, progressTiming }: { settings: NotificationSettings; progressTiming?: { stepMs?: number; successMs?: number } }) {
  const initialValues = { digest: settings.digest, timeZone: settings.timeZone };
  const form = useZodForm({ schema: formSchema, initialValues });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const isChanged = form.values.digest !== initialValues.digest || form.values.timeZone !== initialValues.timeZone;

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy || !isChanged) return;
    try {
      await progress.run(() => updateNotificationSettings({ digest: data.digest as DigestFrequency, timeZone: data.timeZone }));
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('profile.privacy.error') });
      return;
    }
    toasts.show({ mode: 'success', text: t('profile.notifications.saved') });
    await queryClient.invalidateQueries({ queryKey: profileKeys.notifications });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-reading flex-col gap-5" aria-labelledby="profile-notifications-heading">
      <div>
        <h2 id="profile-notifications-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.notifications.title')}
        </h2>
        <p className="mt-1 text-ink-700">{t('profile.notifications.intro')}</p>
      </div>
      <SelectField
        label={t('profile.notifications.digest')}
        options={digestFrequencies.map((frequency) => ({ value: frequency, label: t(`profile.notifications.digest.${frequency}`) }))}
        {...form.field('digest')}
      />
      <SelectField
        label={t('profile.notifications.timeZone')}
        hint={t('profile.notifications.timeZoneHint')}
        options={timeZoneOptions(settings.timeZone)}
        {...form.field('timeZone')}
      />
      <SaveRow progress={progress} isBlocked={!isChanged && progress.status === 'idle'} hint={isChanged ? '' : t('profile.general.unchanged')} />
    </form>
  );
}
