import type { Ref } from 'react';
import { ButtonLink, ProgressButton } from '../../../components/ui/Button';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { resendConfirmationLink } from '../api/resend-confirmation-link';

type SignupSentProps = {
  email: string;
  loginHref: string;
  headingRef?: Ref<HTMLHeadingElement>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Step 3 of the signup (docs/product/accounts.md#screens, #signup): the confirmation e-mail is on its way. The
 * link can be sent again from here (docs/product/accounts.md#signup: it can be resent), which also rescues
 * a signup whose first e-mail could not be sent.
 */
export function SignupSent({ email, loginHref, headingRef, progressTiming }: SignupSentProps) {
  const progress = useProgressAction(progressTiming);
  const toasts = useToasts();

  const resend = async () => {
    if (progress.isBusy) return;
    try {
      await progress.run(() => resendConfirmationLink({ email }));
      toasts.show({ mode: 'success', text: t('register.sent.resentToast') });
    } catch {
      toasts.showSystemError();
    }
  };

  return (
    <section aria-labelledby="signup-sent-heading" className="flex flex-col gap-4" data-testid="signup-sent">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('register.step', { step: 3 })}</p>
        <h2 id="signup-sent-heading" ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none">
          {t('register.sent.title')}
        </h2>
      </div>
      <p className="text-lg text-ink-900">{t('register.sent.text', { email })}</p>
      <p className="text-ink-700">{t('register.sent.spam')}</p>
      <div className="flex flex-wrap gap-3">
        <ProgressButton
          variant="secondary"
          status={progress.status}
          progress={progress.progress}
          loadingLabel={t('register.sent.resending')}
          successLabel={t('register.sent.resent')}
          onClick={() => void resend()}
        >
          {t('register.sent.resend')}
        </ProgressButton>
        <ButtonLink to={loginHref}>{t('register.sent.toLogin')}</ButtonLink>
      </div>
    </section>
  );
}
