import * as z from 'zod';
import type { NotificationSettings } from '../../../../../shared/contracts/notifications';
import { digestFrequencies, type DigestFrequency } from '../../../../../shared/digest-schedule';
import { SelectField } from '../../../components/ui/SelectField';
import { LoadErrorState } from '../../../components/ui/LoadErrorState';
import { LoadingState } from '../../../components/ui/StateMessage';
import { useZodForm } from '../../../hooks/use-zod-form';
import { t } from '../../../messages/en-US';
import { profileKeys } from '../api/keys';
import { updateNotificationSettings, useNotificationSettings } from '../api/notification-settings';
import { SettingsForm, useSaveSettings, type ProgressTiming } from './SettingsForm';

const formSchema = z.object({ digest: z.enum(digestFrequencies), timeZone: z.string().min(1) });

/** The zones this browser knows, with the stored one first if it is not among them. */
function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) ? zones : [current, ...zones];
  return (all.includes('UTC') ? all : ['UTC', ...all]).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Profile tab "Notifications": the e-mail digest (off, weekly, daily) and the time zone its 07:00 follows. */
export function NotificationsTab({ progressTiming }: { progressTiming?: ProgressTiming }) {
  const settings = useNotificationSettings();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <LoadErrorState title={t('profile.notifications.loadError')} onRetry={() => void settings.refetch()} />;
  return <NotificationsForm key={settings.dataUpdatedAt} settings={settings.data} progressTiming={progressTiming} />;
}

function NotificationsForm({ settings, progressTiming }: { settings: NotificationSettings; progressTiming?: ProgressTiming }) {
  const initialValues = { digest: settings.digest, timeZone: settings.timeZone };
  const form = useZodForm({ schema: formSchema, initialValues });
  const isChanged = form.values.digest !== initialValues.digest || form.values.timeZone !== initialValues.timeZone;
  const { progress, submit } = useSaveSettings({
    isChanged,
    save: () => updateNotificationSettings({ digest: form.values.digest as DigestFrequency, timeZone: form.values.timeZone }),
    successText: t('profile.notifications.saved'),
    queryKey: profileKeys.notifications,
    progressTiming,
  });

  return (
    <SettingsForm
      id="profile-notifications"
      title={t('profile.notifications.title')}
      intro={t('profile.notifications.intro')}
      onSubmit={form.handleSubmit(submit)}
      progress={progress}
      isChanged={isChanged}
    >
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
    </SettingsForm>
  );
}
