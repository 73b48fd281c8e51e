import { useEffect, useRef, useState } from 'react';
import type { EntityTypeId } from '../../../../../shared/enums';
import { EntityTypeStep } from './EntityTypeStep';
import { SignupForm, type SignupInvitation } from './SignupForm';
import { SignupSent } from './SignupSent';

type SignupFlowProps = {
  termsHref: string;
  privacyHref: string;
  loginHref: string;
  /** With an invitation the page goes straight to the form (docs/product/accounts.md#screens). */
  invitation?: SignupInvitation;
  /** With an invitation: the account exists and its session has started. */
  onSignedUp?: (result: { email: string; userId: string }) => void | Promise<void>;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The signup without an invitation in three steps (docs/product/accounts.md#screens, #signup): type, form,
 * e-mail sent. Going back from the form keeps what was typed; each step's heading takes
 * the focus, so keyboard and screen-reader users start at the new step.
 */
export function SignupFlow({ termsHref, privacyHref, loginHref, invitation, onSignedUp, progressTiming }: SignupFlowProps) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [entityTypeId, setEntityTypeId] = useState<EntityTypeId | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState('');
  const headings = { 1: useRef<HTMLHeadingElement>(null), 2: useRef<HTMLHeadingElement>(null), 3: useRef<HTMLHeadingElement>(null) };
  const previousStep = useRef(step);

  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    headings[step].current?.focus();
  });

  if (invitation) {
    return (
      <SignupForm
        invitation={invitation}
        onRegistered={(result) => {
          if (result.isSignedIn) void onSignedUp?.(result);
        }}
        termsHref={termsHref}
        privacyHref={privacyHref}
        progressTiming={progressTiming}
      />
    );
  }

  if (step === 3) return <SignupSent email={registeredEmail} loginHref={loginHref} headingRef={headings[3]} progressTiming={progressTiming} />;

  return (
    <>
      <div hidden={step !== 1}>
        <EntityTypeStep value={entityTypeId} onChange={setEntityTypeId} onContinue={() => setStep(2)} headingRef={headings[1]} />
      </div>
      {entityTypeId !== null && (
        <div hidden={step !== 2}>
          <SignupForm
            entityTypeId={entityTypeId}
            onBack={() => setStep(1)}
            onRegistered={({ email }) => {
              setRegisteredEmail(email);
              setStep(3);
            }}
            termsHref={termsHref}
            privacyHref={privacyHref}
            headingRef={headings[2]}
            progressTiming={progressTiming}
          />
        </div>
      )}
    </>
  );
}
