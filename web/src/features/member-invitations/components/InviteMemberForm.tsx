import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod';
import { CreateMemberInvitationRequest } from '../../../../../shared/contracts/invitations';
import { entityRoleIds, type EntityRoleId } from '../../../../../shared/enums';
import { ErrorCodes } from '../../../../../shared/errors';
import { canInviteMemberWithRole, isAdmin, type Membership } from '../../../../../shared/permissions';
import { limits, messageKeys } from '../../../../../shared/validation';
import { SubmitButton } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { createMemberInvitation } from '../api/create-member-invitation';
import { invitationKeys } from '../api/keys';
import { sendMemberInvitationEmail } from '../api/send-member-invitation-email';
import type { useScopedToasts } from '../lib/scoped-toasts';

/** docs/product/invitations.md#validation: the e-mail as the API checks it; member rights required. */
export const inviteFormSchema = z.object({
  email: CreateMemberInvitationRequest.shape.email,
  entityRoleId: z.string({ error: messageKeys.required }).min(1, { error: messageKeys.required }),
});

/** The roles an inviter may grant: never above their own (shared policy). */
export function invitableRoles(actor: Membership): EntityRoleId[] {
  return entityRoleIds.filter((roleId) => canInviteMemberWithRole(actor, roleId));
}

type InviteMemberFormProps = {
  actor: Membership;
  toasts: ReturnType<typeof useScopedToasts>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The invite form (docs/product/invitations.md#screens, #rules, #validation, docs/product/errors.md#invitations-errors): e-mail and member rights. Sending is two
 * steps — create the record, then e-mail its link — behind one progress button. The
 * success text depends on the inviter's role.
 */
export function InviteMemberForm({ actor, toasts, progressTiming }: InviteMemberFormProps) {
  const form = useZodForm({ schema: inviteFormSchema, initialValues: { email: '', entityRoleId: '' } });
  const progress = useProgressAction(progressTiming);
  const queryClient = useQueryClient();
  const roles = useMemo(() => invitableRoles(actor), [actor]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationKeys.ofEntity(actor.entityId) });
  const fail = (text: string) => void toasts.show({ mode: 'error', title: t('invite.errors.title'), text });

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    // Whether the record exists: a failed e-mail leaves it in the list, to resend.
    const attempt = { isCreated: false };
    try {
      await progress.run(async () => {
        const { id } = await createMemberInvitation({ email: data.email, entityRoleId: Number(data.entityRoleId) });
        attempt.isCreated = true;
        await sendMemberInvitationEmail(id);
      });
    } catch (error) {
      if (attempt.isCreated) void refresh();
      if (!isApiError(error)) return void toasts.showSystemError();
      switch (error.errorCode) {
        case ErrorCodes.VALIDATION_ERROR:
        case ErrorCodes.INCORRECT_INPUT:
          form.applyServerErrors(Object.keys(error.errors).length ? error.errors : { email: [], entityRoleId: [] });
          return fail(t('invite.errors.sentFailed'));
        case ErrorCodes.USER_ALREADY_MEMBER:
          form.applyServerErrors({ email: [] }, { email: 'invite.errors.alreadyMember' });
          return fail(t('invite.errors.alreadyMember'));
        case ErrorCodes.ITEM_FOUND:
          form.applyServerErrors({ email: [] }, { email: 'invite.errors.pending' });
          return fail(t('invite.errors.pending'));
        case ErrorCodes.INVALID_ENTITY_ROLE:
          form.applyServerErrors({ entityRoleId: [] }, { entityRoleId: 'invite.errors.invalidRole' });
          return fail(t('invite.errors.invalidRole'));
        case ErrorCodes.FORBIDDEN:
          return fail(t('invite.errors.forbidden'));
        case ErrorCodes.EMAIL_SEND_FAILED:
          return fail(t('invite.errors.mailFailed'));
        default:
          if (!globallyHandledCodes.includes(error.errorCode)) toasts.showSystemError();
          return;
      }
    }
    toasts.show({
      mode: 'success',
      title: t('invite.successTitle'),
      text: isAdmin(actor) ? t('invite.success', { email: data.email }) : t('invite.successNeedsApproval', { email: data.email }),
    });
    form.reset();
    void refresh();
  });

  const isBlocked = !form.isValid && progress.status === 'idle';
  return (
    <section aria-labelledby="invite-heading" className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
      <h2 id="invite-heading" className="font-display text-2xl font-semibold text-primary-800">
        {t('invite.title')}
      </h2>
      <p className="mt-1 text-ink-700">{t('memberInvitations.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 grid gap-5 md:grid-cols-[2fr_1.5fr_auto] md:items-start">
        <TextField label={t('invite.email')} type="email" autoComplete="off" inputMode="email" required maxLength={limits.email} {...form.field('email')} />
        <SelectField
          label={t('invite.entityRole')}
          required
          placeholder={t('invite.chooseRole')}
          options={roles.map((roleId) => ({ value: String(roleId), label: t(`roles.${roleId}`) }))}
          {...form.field('entityRoleId')}
        />
        <div className="md:pt-8">
          <SubmitButton progress={progress} loadingLabel={t('invite.submitting')} successLabel={t('invite.submitted')} disabled={isBlocked}>
            {t('invite.submit')}
          </SubmitButton>
        </div>
        {form.formError && (
          <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700 md:col-span-3">
            {form.formError}
          </p>
        )}
      </form>
    </section>
  );
}
