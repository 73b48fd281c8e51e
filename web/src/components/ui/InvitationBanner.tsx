import type { ReactNode } from 'react';
import { Button } from './Button';
import { InfoIcon } from './icons';

/**
 * The banner of the login and signup pages while an invitation is on its way (docs/product/invitations.md#screens):
 * what it says, and a way to go on without the invitation.
 */
export function InvitationBanner({ children, discardLabel, onDiscard }: { children: ReactNode; discardLabel: string; onDiscard: () => void }) {
  return (
    <div
      className="mb-6 flex flex-col gap-3 rounded-card border border-info-700 bg-info-bg p-4 text-ink-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="invitation-banner"
    >
      <p className="flex items-start gap-2">
        <InfoIcon className="mt-1 size-5 shrink-0 text-info-700" />
        <span>{children}</span>
      </p>
      <Button variant="ghost" size="sm" onClick={onDiscard} className="shrink-0 self-start sm:self-center">
        {discardLabel}
      </Button>
    </div>
  );
}
