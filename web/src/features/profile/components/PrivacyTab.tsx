import * as z from 'zod';
import type { PrivacySettings } from '../../../../../shared/contracts/auth';
import { privacyLevels } from '../../../../../shared/contracts/user';
import { privacyLevelIds, type PrivacyLevelId } from '../../../../../shared/enums';
import { SelectField } from '../../../components/ui/SelectField';
import { useZodForm } from '../../../hooks/use-zod-form';
import { t } from '../../../messages/en-US';
import { profileKeys } from '../api/keys';
import { updatePrivacySettings } from '../api/update-privacy-settings';
import { SettingsForm, useSaveSettings, type ProgressTiming } from './SettingsForm';

const level = () => z.string().refine((value) => (privacyLevelIds as readonly number[]).includes(Number(value)));
const privacyFormSchema = z.object({ email: level(), phone: level(), address: level() });
const settings = ['email', 'phone', 'address'] as const;
const options = privacyLevels.map((item) => ({ value: String(item.id), label: t(`profile.privacy.level.${item.id}`) }));

/** Profile tab 5 (docs/product/accounts.md#screens, #fields): who sees the e-mail, phone and address — only me, direct contacts, everyone. */
export function PrivacyTab({ privacySettings, progressTiming }: { privacySettings: PrivacySettings; progressTiming?: ProgressTiming }) {
  const initialValues = { email: String(privacySettings.email), phone: String(privacySettings.phone), address: String(privacySettings.address) };
  const form = useZodForm({ schema: privacyFormSchema, initialValues });
  const isChanged = settings.some((setting) => form.values[setting] !== initialValues[setting]);
  const { progress, submit } = useSaveSettings({
    isChanged,
    save: () =>
      updatePrivacySettings({
        email: Number(form.values.email) as PrivacyLevelId,
        phone: Number(form.values.phone) as PrivacyLevelId,
        address: Number(form.values.address) as PrivacyLevelId,
      }),
    successText: t('profile.privacy.success'),
    queryKey: profileKeys.user,
    progressTiming,
  });

  return (
    <SettingsForm
      id="profile-privacy"
      title={t('profile.privacy.title')}
      intro={t('profile.privacy.intro')}
      onSubmit={form.handleSubmit(submit)}
      progress={progress}
      isChanged={isChanged}
    >
      {settings.map((setting) => (
        <SelectField key={setting} label={t(`profile.privacy.${setting}`)} options={options} {...form.field(setting)} />
      ))}
    </SettingsForm>
  );
}
