import type { ComponentProps } from 'react';
import { t } from '../../messages/en-US';
import { PasswordField } from './Field';

/** What a form gives one of the fields: its value, handlers and error (`form.field(...)`), or more. */
type PasswordBinding = Omit<ComponentProps<typeof PasswordField>, 'label'>;

/**
 * A new password and its repetition (signup, reset, the profile's password change; docs/product/accounts.md#validation):
 * both required, kept by password managers as a new password; the first names the password rule.
 */
export function NewPasswordFields({
  labels,
  password,
  repetition,
}: {
  labels: { password: string; repetition: string };
  password: PasswordBinding;
  repetition: PasswordBinding;
}) {
  return (
    <>
      <PasswordField label={labels.password} autoComplete="new-password" required maxLength={200} hint={t('forms.password.hint')} {...password} />
      <PasswordField label={labels.repetition} autoComplete="new-password" required maxLength={200} {...repetition} />
    </>
  );
}
