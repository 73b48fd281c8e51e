import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { PrivacySettings } from '../../../../../shared/contracts/auth';
import { privacyLevels } from '../../../../../shared/contracts/user';
import { privacyLevelIds, type PrivacyLevelId } from '../../../../../shared/enums';
import { SaveRow } from '../../../components/ui/SaveRow';
import { SelectField } from '../../../components/ui/SelectField';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { profileKeys } from '../api/keys';
import { updatePrivacySettings } from '../api/update-privacy-settings';

const level = () => z.string().refine((value) => (privacyLevelIds as readonly number[]).includes(Number(value)));
const privacyFormSchema = z.object({ email: level(), phone: level(), address: level() });
const settings = ['email', 'phone', 'address'] as const;
const options = privacyLevels.map((item) => ({ value: String(item.id), label: t(`profile.privacy.level.${item.id}`) }));

/** Profile tab 5 (spec 01 §2.4, §3): who sees the e-mail, phone and address — only me, direct contacts, everyone. */
export function PrivacyTab({ privacySettings, progressTiming }: { privacySettings: PrivacySettings; progressTiming?: { stepMs?: number; successMs?: number } }) {
  const initialValues = { email: String(privacySettings.email), phone: String(privacySettings.phone), address: String(privacySettings.address) };
  const form = useZodForm({ schema: privacyFormSchema, initialValues });
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const isChanged = settings.some((setting) => form.values[setting] !== initialValues[setting]);

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy || !isChanged) return;
    try {
      await progress.run(() =>
        updatePrivacySettings({
          email: Number(data.email) as PrivacyLevelId,
          phone: Number(data.phone) as PrivacyLevelId,
          address: Number(data.address) as PrivacyLevelId,
        }),
      );
    } catch (error) {
      if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('profile.privacy.error') });
      return;
    }
    toasts.show({ mode: 'success', text: t('profile.privacy.success') });
    await queryClient.invalidateQueries({ queryKey: profileKeys.user });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-reading flex-col gap-5" aria-labelledby="profile-privacy-heading">
      <div>
        <h2 id="profile-privacy-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('profile.privacy.title')}
        </h2>
        <p className="mt-1 text-ink-700">{t('profile.privacy.intro')}</p>
      </div>
      {settings.map((setting) => (
        <SelectField key={setting} label={t(`profile.privacy.${setting}`)} options={options} {...form.field(setting)} />
      ))}
      <SaveRow progress={progress} isBlocked={!isChanged && progress.status === 'idle'} hint={isChanged ? '' : t('profile.general.unchanged')} />
    </form>
  );
}
