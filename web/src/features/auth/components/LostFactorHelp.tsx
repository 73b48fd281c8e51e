import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';
import { requestFactorRecovery } from '../api/account-recovery';

/**
 * "Lost your phone or passkey?" on the login's second step: e-mails a recovery link to the
 * address that just passed the password step. The answer is the same whether or not a mail
 * went (accounts are not told apart).
 */
export function LostFactorHelp({ email }: { email: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const send = useMutation({ mutationFn: () => requestFactorRecovery(email) });
  return (
    <div className="flex flex-col items-start gap-3 border-t border-line pt-5" data-testid="lost-factor">
      <Button variant="ghost" size="sm" aria-expanded={isOpen} onClick={() => setIsOpen((open) => !open)}>
        {t('login.secondStep.lost')}
      </Button>
      {isOpen &&
        (send.isSuccess ? (
          <p role="status" className="text-ink-900">
            {t('login.secondStep.lostSent', { email })}
          </p>
        ) : (
          <>
            <p className="text-ink-700">{t('login.secondStep.lostText')}</p>
            <Button variant="secondary" onClick={() => !send.isPending && send.mutate()} aria-disabled={send.isPending || undefined}>
              {t('login.secondStep.lostSend')}
            </Button>
            {send.isError && (
              <p role="alert" className="text-error-700">
                {t('login.secondStep.lostError')}
              </p>
            )}
          </>
        ))}
    </div>
  );
}
