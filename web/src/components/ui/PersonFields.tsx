import type { ComponentProps } from 'react';
import { limits } from '../../../../shared/validation-keys';
import { t } from '../../messages/en-US';
import { TextField } from './Field';

/** What a form gives a field: its value, handlers and error (`form.field(...)`). */
type TextBinding = Omit<ComponentProps<typeof TextField>, 'label'>;

/** A person's first and last name (signup, contact, profile; docs/product/accounts.md#validation): both required. */
export function PersonNameFields({ labels, first, last }: { labels: { first: string; last: string }; first: TextBinding; last: TextBinding }) {
  return (
    <>
      <TextField label={labels.first} autoComplete="given-name" required maxLength={limits.name} {...first} />
      <TextField label={labels.last} autoComplete="family-name" required maxLength={limits.name} {...last} />
    </>
  );
}

/** The name of a family or company (signup, the entity's profile): required; a company's is its organisation name for autofill. */
export function EntityNameField({ isFamily, labels, ...binding }: TextBinding & { isFamily: boolean; labels: { family: string; company: string } }) {
  return (
    <TextField
      label={isFamily ? labels.family : labels.company}
      autoComplete={isFamily ? 'off' : 'organization'}
      required
      maxLength={limits.name}
      {...binding}
    />
  );
}

/**
 * An e-mail address (signup, sign-in; docs/product/accounts.md#validation): required. `isLocked` when it comes from an
 * invitation, which says so under the field.
 */
export function EmailField({
  isLocked,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'required' | 'readOnly' | 'hint'> & { isLocked: boolean }) {
  return (
    <TextField
      type="email"
      inputMode="email"
      required
      maxLength={limits.email}
      readOnly={isLocked}
      hint={isLocked ? t('register.form.emailLocked') : undefined}
      {...props}
    />
  );
}
