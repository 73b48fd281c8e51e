import { useState, type ReactNode } from 'react';
import * as z from 'zod';
import { CreateFamilyInvitationRequest } from '../../../../../shared/contracts/invitations';
import { limits } from '../../../../../shared/validation';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { CheckboxGroup } from '../../../components/ui/CheckboxGroup';
import { DayField, TextField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { createInvitation } from '../api/create-invitation';
import { useCanvasOutline, type CanvasOutline } from '../api/get-canvas-outline';
import { useRefreshInvitations } from '../api/list-invitations';
import { sendInvitationEmail } from '../api/send-invitation-email';
import { accessUntilError, accessUntilOfTyped } from '../../../lib/access-until';
import { inviteFailure } from '../lib/errors';
import type { InvitationKind } from '../lib/kinds';
import { canvasSectionsToSend, initialSectionSelection } from '../lib/sections';

/** docs/product/invitations.md#validation Invitation e-mail: required, the e-mail pattern (forms.errorMessages.email), trimmed. */
const inviteFormSchema = z.object({ email: CreateFamilyInvitationRequest.shape.email });

type ProgressTiming = { stepMs?: number; successMs?: number };

type InviteFormShellProps = {
  kind: InvitationKind;
  /** The inviting entity (the current one): named in the success toast. */
  entityName: string;
  /** Fields before the e-mail (the advisor form's family and canvas). */
  before?: ReactNode;
  /** Fields after the e-mail (the advisor form's sections). */
  after?: ReactNode;
  /** The advisor form's canvasSections; null while they cannot be sent (none chosen). */
  canvasSections?: number[] | null;
  /** The advisor form's access end date (YYYY-MM-DD), or null for none. */
  accessUntil?: string | null;
  /** A further field of the form (the advisor form's end date) is not valid: sending waits. */
  hasInvalidField?: boolean;
  onSent?: () => void;
  progressTiming?: ProgressTiming;
};

/**
 * The invite form of both kinds (docs/product/invitations.md#invitation-pages, #rules, #validation, docs/product/errors.md#invitations-errors):
 * one e-mail field, validated on each change, submit disabled while invalid. Sending is
 * create, then send-email for the returned id; the button shows progress and a check,
 * then the form resets, the list refreshes and a toast names the inviting entity.
 */
function InviteFormShell({
  kind,
  entityName,
  before,
  after,
  canvasSections,
  accessUntil = null,
  hasInvalidField = false,
  onSent,
  progressTiming,
}: InviteFormShellProps) {
  const form = useZodForm({ schema: inviteFormSchema, initialValues: { email: '' } });
  const progress = useProgressAction(progressTiming);
  const refreshList = useRefreshInvitations(kind);
  const toasts = useToasts();

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (progress.isBusy || canvasSections === null || hasInvalidField) return;
    let isCreated = false;
    try {
      await progress.run(async () => {
        const { id } = await createInvitation(
          kind,
          kind === 'advisor' ? { email, canvasSections: canvasSections ?? [], ...(accessUntil ? { accessUntil } : {}) } : { email },
        );
        isCreated = true;
        await sendInvitationEmail(kind, id);
      });
    } catch (error) {
      // The record exists even when its e-mail failed: the list shows it, with Resend.
      if (isCreated) void refreshList();
      const outcome = inviteFailure(error);
      if (outcome === 'global') return;
      if (outcome === 'system') {
        toasts.showSystemError();
        return;
      }
      if (outcome.flagsEmail) form.applyServerErrors({ email: [] });
      toasts.show({ mode: 'error', title: t(outcome.title), text: t(outcome.text) });
      return;
    }
    form.reset();
    void refreshList();
    toasts.show({ mode: 'success', title: t('workInvitations.success.title'), text: t(`workInvitations.success.${kind}`, { entityName, email }) });
    onSent?.();
  });

  const emailField = form.field('email');
  const isBlocked = (!form.isValid || canvasSections === null || hasInvalidField) && progress.status === 'idle';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby={`invite-${kind}-heading`}>
      <h2 id={`invite-${kind}-heading`} className="font-display text-2xl font-semibold text-primary-800">
        {t('workInvitations.form.title')}
      </h2>
      {before}
      <TextField
        label={t(kind === 'family' ? 'workInvitations.form.familyEmail' : 'workInvitations.form.advisorEmail')}
        type="email"
        autoComplete="off"
        inputMode="email"
        required
        maxLength={limits.email}
        {...emailField}
        // docs/product/invitations.md#validation: validated on each change, not only when the field is left.
        onChange={(event) => {
          emailField.onChange(event);
          emailField.onBlur();
        }}
      />
      {after}
      <div>
        <SubmitButton
          progress={progress}
          loadingLabel={t('workInvitations.form.submitting')}
          successLabel={t('workInvitations.form.submitted')}
          disabled={isBlocked}
        >
          {t('workInvitations.form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Invite family page's form (an advisor company invites a family): the e-mail only. */
export function InviteFamilyForm(props: { entityName: string; onSent?: () => void; progressTiming?: ProgressTiming }) {
  return <InviteFormShell kind="family" {...props} />;
}

type InviteAdvisorFormProps = {
  /** The family (the current entity). */
  entityName: string;
  /** From the route's `sectionIds` (docs/product/invitations.md#invitation-pages). */
  initialSectionIds?: readonly number[];
  onSent?: () => void;
  progressTiming?: ProgressTiming;
};

/**
 * Invite advisor page's form (a family invites an advisor company): the family and canvas
 * read-only, the e-mail, and the canvas sections to share — preselected from the route,
 * all by default; all selected is sent as [] (all sections).
 */
export function InviteAdvisorForm({ entityName, initialSectionIds, onSent, progressTiming }: InviteAdvisorFormProps) {
  const outline = useCanvasOutline();
  // null: untouched, i.e. the route's preselection (or all) of whatever canvas has loaded.
  const [chosenIds, setChosenIds] = useState<number[] | null>(null);
  const allIds = outline.data?.sections.map((section) => section.id) ?? [];
  const selected = chosenIds ?? initialSectionSelection(allIds, initialSectionIds);
  // Without a canvas (or while it loads) the invitation shares all sections: []. None chosen cannot be sent.
  const canvasSections = !outline.data ? [] : selected.length === 0 ? null : canvasSectionsToSend(allIds, selected);
  // Time-boxed access (docs/product/work-relations.md#time-boxed-access): optional; an invalid or past day blocks sending.
  const [typedUntil, setTypedUntil] = useState('');
  const [isUntilTouched, setIsUntilTouched] = useState(false);
  const untilError = accessUntilError(typedUntil);
  const accessUntil = untilError ? null : (accessUntilOfTyped(typedUntil) ?? null);

  return (
    <InviteFormShell
      kind="advisor"
      entityName={entityName}
      canvasSections={canvasSections}
      accessUntil={accessUntil}
      hasInvalidField={untilError !== null}
      onSent={() => {
        setChosenIds(null);
        setTypedUntil('');
        setIsUntilTouched(false);
        onSent?.();
      }}
      progressTiming={progressTiming}
      before={
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('workInvitations.form.familyName')} value={entityName} readOnly />
          <TextField
            label={t('workInvitations.form.canvasTitle')}
            value={outline.isPending ? t('common.loading') : (outline.data?.title ?? t('workInvitations.form.noCanvas'))}
            readOnly
          />
        </div>
      }
      after={
        <>
          {outline.isPending ? null : outline.isError ? (
            <p className="rounded-control border border-warning-700 bg-warning-bg p-3 text-ink-900">{t('workInvitations.form.sectionsLoadError')}</p>
          ) : !outline.data ? (
            <p className="rounded-control border border-info-700 bg-info-bg p-3 text-ink-900">{t('workInvitations.form.sectionsNoCanvas')}</p>
          ) : (
            <SectionsSelect outline={outline.data} selected={selected} onChange={setChosenIds} />
          )}
          <DayField
            label={t('accessUntil.label')}
            hint={t('accessUntil.hint')}
            value={typedUntil}
            onChange={(event) => setTypedUntil(event.target.value)}
            onBlur={() => setIsUntilTouched(true)}
            error={isUntilTouched && untilError ? t(untilError) : undefined}
          />
        </>
      }
    />
  );
}

/**
 * The sections to share, as the canvas rights tab shows them (CheckboxGroup): every section
 * visible in the form's flow — no pop-up list that could cover the e-mail field — with
 * Select all and Clear, and a line that says how many are chosen.
 */
function SectionsSelect({ outline, selected, onChange }: { outline: CanvasOutline; selected: number[]; onChange: (ids: number[]) => void }) {
  const allIds = outline.sections.map((section) => section.id);
  const chosen = outline.sections.filter((section) => selected.includes(section.id));
  const isAll = chosen.length === allIds.length;
  const isEmpty = chosen.length === 0;
  const summary = isAll ? t('workInvitations.form.allSections') : t('workInvitations.form.someSections', { count: chosen.length, total: allIds.length });
  if (allIds.length === 0) return <p className="text-ink-700">{t('workInvitations.form.noData')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <CheckboxGroup
        legend={t('workInvitations.form.sections')}
        description={t('workInvitations.form.sectionsHint')}
        options={outline.sections.map((section) => ({ value: section.id, label: section.title }))}
        value={chosen.map((section) => section.id)}
        onChange={onChange}
        error={isEmpty ? t('workInvitations.form.noSections') : null}
        tools={
          <>
            <Button variant="ghost" size="sm" onClick={() => onChange(allIds)} disabled={isAll}>
              {t('workInvitations.form.selectAll')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={isEmpty}>
              {t('workInvitations.form.clear')}
            </Button>
          </>
        }
      />
      {!isEmpty && (
        <p className="text-sm text-ink-700" aria-live="polite" data-testid="sections-summary">
          {summary}
        </p>
      )}
    </div>
  );
}
