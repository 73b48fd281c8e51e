import { useEffect, useRef, useState } from 'react';
import { ContactFormRequest } from '../../../../../shared/contracts/contact';
import { ErrorCodes } from '../../../../../shared/errors';
import { limits, messageKeys } from '../../../../../shared/validation';
import { FormStart } from '../../../components/ui/FormErrorAlert';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { TextArea, TextField } from '../../../components/ui/Field';
import { CheckIcon } from '../../../components/ui/icons';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { globallyHandledCodes, isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useSendContactMessage } from '../api/send-contact-message';
import { FieldsOnceHydrated } from '../../../components/ui/FieldsOnceHydrated';
import { PersonNameFields } from '../../../components/ui/PersonFields';

const emptyMessage = { firstName: '', lastName: '', email: '', subject: '', message: '' };

/**
 * The contact form (docs/product/accounts.md#screens, #validation, docs/product/errors.md#accounts-errors): validated with the server's own schema,
 * sent with the progress button; field errors from the server flag the fields (the
 * e-mail with its pattern message), any other failure opens a toast.
 */
export function ContactForm({ progressTiming }: { progressTiming?: { stepMs?: number; successMs?: number } }) {
  const form = useZodForm({
    schema: ContactFormRequest,
    initialValues: emptyMessage,
    serverErrorMessages: { email: messageKeys.email },
  });
  const progress = useProgressAction(progressTiming);
  const sendMessage = useSendContactMessage();
  const toasts = useToasts();
  const [isSent, setIsSent] = useState(false);
  const successHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (isSent) successHeading.current?.focus();
  }, [isSent]);

  const onSubmit = form.handleSubmit(async (data) => {
    if (progress.isBusy) return;
    try {
      await progress.run(() => sendMessage.mutateAsync(data));
      setIsSent(true);
    } catch (error) {
      if (isApiError(error)) {
        const isFieldProblem = error.errorCode === ErrorCodes.VALIDATION_ERROR || error.errorCode === ErrorCodes.INCORRECT_INPUT;
        if (isFieldProblem && form.applyServerErrors(error.errors)) return;
        if (globallyHandledCodes.includes(error.errorCode)) return;
      }
      toasts.show({ mode: 'error', title: t('contactForm.errorTitle'), text: t('contactForm.errorMessage') });
    }
  });

  if (isSent) {
    return (
      <div className="rounded-card border border-success-700 bg-success-bg p-6" data-testid="contact-success">
        <h2 ref={successHeading} tabIndex={-1} className="flex items-center gap-2 font-display text-2xl font-semibold text-success-700">
          <CheckIcon className="size-6" />
          {t('contactForm.successTitle')}
        </h2>
        <p role="status" className="mt-2 text-ink-900">
          {t('contactForm.successMessage')}
        </p>
        <Button
          variant="secondary"
          className="mt-6"
          onClick={() => {
            form.reset();
            setIsSent(false);
          }}
        >
          {t('contactForm.sendAnother')}
        </Button>
      </div>
    );
  }

  const isSubmitBlocked = !form.isValid;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-describedby="contact-required-legend">
      <FieldsOnceHydrated>
        <FormStart legendId="contact-required-legend" error={form.formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonNameFields
            labels={{ first: t('contactForm.firstName'), last: t('contactForm.lastName') }}
            first={form.field('firstName')}
            last={form.field('lastName')}
          />
        </div>
        <TextField
          label={t('contactForm.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={limits.email}
          {...form.field('email')}
        />
        <TextField label={t('contactForm.subject')} required maxLength={limits.subject} {...form.field('subject')} />
        <TextArea label={t('contactForm.message')} required rows={7} maxLength={limits.message} {...form.field('message')} />
        <div className="flex flex-col items-start gap-2">
          <SubmitButton
            size="lg"
            progress={progress}
            loadingLabel={t('contactForm.sending')}
            successLabel={t('contactForm.sent')}
            disabled={isSubmitBlocked && progress.status === 'idle'}
            aria-describedby={isSubmitBlocked && form.hasHighlightedFields ? 'contact-submit-hint' : undefined}
          >
            {t('contactForm.send')}
          </SubmitButton>
          {isSubmitBlocked && progress.status === 'idle' && form.hasHighlightedFields && (
            <p id="contact-submit-hint" className="text-sm text-ink-600">
              {t('forms.submitHint')}
            </p>
          )}
        </div>
      </FieldsOnceHydrated>
    </form>
  );
}
