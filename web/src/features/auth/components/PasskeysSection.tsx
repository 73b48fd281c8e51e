import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../../../shared/dates';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { passkeyLabelField, passkeyLabelMaxLength, type Passkey } from '../../../../../shared/contracts/passkeys';
import { ErrorCodes } from '../../../../../shared/errors';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { FormErrorAlert } from '../../../components/ui/FormErrorAlert';
import { EmptyState, LoadingState } from '../../../components/ui/StateMessage';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { isMessageKey, t, type MessageKey } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { twoFactorKeys } from '../api/two-factor';
import { RecoveryCodes } from './RecoveryCodes';
import { passkeyKeys, registerPasskey, registrationOptions, removePasskey, renamePasskey, usePasskeys } from '../api/passkeys';
import { ceremonyFailureOf, createPasskey, supportsPasskeys } from '../lib/webauthn';

const ceremonyMessages = {
  cancelled: 'passkeys.errors.cancelled',
  unsupported: 'passkeys.errors.unsupported',
  alreadyRegistered: 'passkeys.errors.alreadyRegistered',
  failed: 'passkeys.errors.generic',
} as const satisfies Record<ReturnType<typeof ceremonyFailureOf>, MessageKey>;

/** The label's own problem (empty, too long, a line break), as the server would name it. */
function labelError(label: string): string | null {
  const result = passkeyLabelField().safeParse(label);
  if (result.success) return null;
  const key = result.error.issues[0]?.message ?? '';
  return isMessageKey(key) ? t(key) : t('passkeys.errors.generic');
}

type Outcome = { labelError?: string; formError?: string } | null;

/** A failure of a passkey call as the dialog shows it; null when the global handler took it (session expired). */
function outcomeOf(error: unknown): Outcome {
  if (!isApiError(error)) return { formError: t(ceremonyMessages[ceremonyFailureOf(error)]) };
  if (globallyHandledCodes.includes(error.errorCode)) return null;
  switch (error.errorCode) {
    case ErrorCodes.PASSKEY_REGISTRATION_FAILED:
      return { formError: t('passkeys.errors.registrationFailed') };
    case ErrorCodes.PASSKEY_LIMIT_REACHED:
      return { formError: t('passkeys.errors.limit') };
    case ErrorCodes.VALIDATION_ERROR: {
      const key = error.errors.label?.[0];
      if (key) return { labelError: isMessageKey(key) ? t(key) : t('passkeys.errors.generic') };
      return { formError: t('passkeys.errors.generic') };
    }
    default:
      return { formError: t('passkeys.errors.generic') };
  }
}

/**
 * The Passkeys section of the profile's Security tab: the user's passkeys (name, device,
 * when added and last used), adding one (a name, then the device's own prompt), renaming
 * and removing (with the product confirmation). A browser without WebAuthn is told so and
 * cannot start adding; a cancelled or timed-out prompt says so in the dialog.
 */
export function PasskeysSection({ progressTiming }: { progressTiming?: { stepMs?: number; successMs?: number } }) {
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const [isAdding, setIsAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const isSupported = supportsPasskeys();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list });

  // Both calls need a recent sign-in: the API client asks for the password (or a code) and retries.
  const add = async (label: string) => {
    const options = await registrationOptions();
    const credential = await createPasskey(options);
    const passkey = await registerPasskey(label, credential);
    toasts.show({ mode: 'success', text: t('passkeys.added', { label: passkey.label }) });
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: twoFactorKeys.status })]);
    return passkey.recoveryCodes;
  };
  const rename = async (label: string) => {
    if (!renaming) return;
    await renamePasskey(renaming.id, label);
    toasts.show({ mode: 'success', text: t('passkeys.renamed') });
    await refresh();
  };

  return (
    <section aria-labelledby="profile-passkeys-heading" className="flex flex-col gap-4" data-testid="passkeys-section">
      <div>
        <h3 id="profile-passkeys-heading" className="font-display text-2xl font-semibold text-primary-800">
          {t('passkeys.title')}
        </h3>
        <p className="mt-1 text-ink-700">{t('passkeys.intro')}</p>
      </div>
      {!isSupported && (
        <p role="note" className="rounded-control border border-info-700 bg-info-bg p-3 text-ink-900">
          {t('passkeys.errors.unsupported')}
        </p>
      )}
      {passkeys.isPending ? (
        <LoadingState />
      ) : passkeys.isError ? (
        <div className="flex flex-col items-start gap-2" role="alert">
          <p>{t('passkeys.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void passkeys.refetch()}>
            {t('passkeys.retry')}
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <EmptyState title={t('passkeys.empty')} />
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-control border border-line bg-surface" data-testid="passkeys-list">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex flex-col gap-1">
                <p className="font-semibold text-ink-900">{passkey.label}</p>
                <p className="text-sm text-ink-700">
                  {passkey.device ? `${passkey.device} · ` : ''}
                  {t('passkeys.created')}: {formatDateTime(passkey.createdDate)} · {t('passkeys.lastUsed')}:{' '}
                  {passkey.lastUsedDate ? formatDateTime(passkey.lastUsedDate) : t('passkeys.neverUsed')}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" aria-label={t('passkeys.renameLabel', { label: passkey.label })} onClick={() => setRenaming(passkey)}>
                  {t('passkeys.rename')}
                </Button>
                <Button variant="secondary" size="sm" aria-label={t('passkeys.removeLabel', { label: passkey.label })} onClick={() => setRemoving(passkey)}>
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button onClick={() => setIsAdding(true)} disabled={!isSupported}>
          {t('passkeys.add')}
        </Button>
      </div>
      <LabelDialog
        isOpen={isAdding}
        title={t('passkeys.addTitle')}
        description={t('passkeys.addDescription')}
        note={t('passkeys.addWhatChanges')}
        submitLabel={t('passkeys.addSubmit')}
        busyLabel={t('passkeys.adding')}
        onSubmit={add}
        onClose={() => setIsAdding(false)}
      />
      <LabelDialog
        isOpen={renaming !== null}
        title={t('passkeys.renameTitle')}
        initialLabel={renaming?.label}
        submitLabel={t('passkeys.renameSubmit')}
        busyLabel={t('passkeys.renameSubmit')}
        onSubmit={async (label) => {
          await rename(label);
        }}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('passkeys.removeTitle', { label: removing?.label ?? '' })}
        description={t('passkeys.removeDescription')}
        confirmLabel={t('passkeys.remove')}
        progressTiming={progressTiming}
        onConfirm={() => removePasskey(removing!.id)}
        onSuccess={() => {
          toasts.show({ mode: 'success', text: t('passkeys.removed') });
          void refresh();
        }}
        onError={(error) => {
          if (!(isApiError(error) && globallyHandledCodes.includes(error.errorCode))) toasts.show({ mode: 'error', text: t('passkeys.errors.generic') });
          void refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

type LabelDialogProps = {
  isOpen: boolean;
  title: string;
  description?: string;
  /** What adding changes, said before the device's prompt. */
  note?: string;
  initialLabel?: string;
  submitLabel: string;
  busyLabel: string;
  /**
   * Does the work; a failure is shown in the dialog, which stays open. Recovery codes it
   * answers (the first passkey's) are shown in the dialog once before it closes.
   */
  onSubmit: (label: string) => Promise<readonly string[] | undefined | void>;
  onClose: () => void;
};

/** A passkey's name, asked for before adding it and when renaming it. */
function LabelDialog({ isOpen, title, description, note, initialLabel = '', submitLabel, busyLabel, onSubmit, onClose }: LabelDialogProps) {
  const [label, setLabel] = useState(initialLabel);
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isBusy, setIsBusy] = useState(false);
  const formId = useId();

  useEffect(() => {
    if (!isOpen) return;
    setLabel(initialLabel);
    setOutcome(null);
    setIsBusy(false);
    setRecoveryCodes(null);
  }, [isOpen, initialLabel]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const problem = labelError(label);
    if (problem) {
      setOutcome({ labelError: problem });
      return;
    }
    setOutcome(null);
    setIsBusy(true);
    try {
      const codes = await onSubmit(label.trim());
      if (codes && codes.length) setRecoveryCodes(codes);
      else onClose();
    } catch (error) {
      setOutcome(outcomeOf(error));
    } finally {
      setIsBusy(false);
    }
  };

  if (recoveryCodes) {
    return (
      <Dialog isOpen={isOpen} onClose={onClose} title={t('passkeys.recoveryTitle')} closeLabel={t('common.close')} size="sm">
        <RecoveryCodes codes={recoveryCodes} onDone={onClose} title={t('twoFactor.recovery.title')} intro={t('passkeys.recoveryIntro')} />
      </Dialog>
    );
  }

  return (
    <Dialog isOpen={isOpen} onClose={() => !isBusy && onClose()} title={title} description={description} closeLabel={t('common.close')} size="sm">
      {note && (
        <p className="mb-4 rounded-control border border-info-700 bg-info-bg p-3 text-ink-900" data-testid="passkey-add-note">
          {note}
        </p>
      )}
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormErrorAlert message={outcome?.formError} />
        <TextField
          label={t('passkeys.label')}
          placeholder={t('passkeys.labelPlaceholder')}
          required
          autoComplete="off"
          maxLength={passkeyLabelMaxLength}
          value={label}
          error={outcome?.labelError}
          onChange={(event) => setLabel(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={isBusy}>
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" aria-disabled={isBusy || undefined}>
            {isBusy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
