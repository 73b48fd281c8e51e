import * as z from 'zod';
import { messageKeys, plainPasswordField } from '../../../../../shared/validation';

/**
 * docs/product/accounts.md#validation Password change: the current password required, the new one by the password
 * rule, the repetition equal to it (checked once it has something).
 */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string({ error: messageKeys.required }).min(1, { error: messageKeys.required }),
    newPassword: plainPasswordField(),
    repeatPassword: z.string({ error: messageKeys.required }).min(1, { error: messageKeys.required }),
  })
  .refine((value) => value.newPassword === value.repeatPassword, {
    path: ['repeatPassword'],
    error: messageKeys.passwordMismatch,
    when: (payload) => {
      const value = payload.value as { repeatPassword?: unknown } | undefined;
      return typeof value?.repeatPassword === 'string' && value.repeatPassword !== '';
    },
  });
