import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { EntityType } from '../../../../shared/enums';
import { isAdmin } from '../../../../shared/permissions';
import type { WalkthroughAction } from '../../features/walkthrough/slides';
import { currentEntityAtom } from '../../stores/session';
import { isWalkthroughOpenAtom } from '../../stores/ui';
import { paths } from '../paths';

// The slides and their carousel load only when the walkthrough opens: no page pays for them up front.
const WalkthroughCarousel = lazy(() =>
  import('../../features/walkthrough/components/WalkthroughCarousel').then((module) => ({ default: module.WalkthroughCarousel })),
);

/** Where a slide's button leads (null: it only closes the walkthrough). */
const destinations: Record<WalkthroughAction, (() => string) | null> = {
  learnMore: paths.aboutApp,
  getStarted: null,
  familyMemberInvitations: paths.familyMemberInvitations,
  companyInvitationsPage: () => paths.companyInvitationsPage(),
  familyInvitationsPage: paths.familyInvitationsPage,
  companyMemberInvitations: paths.companyMemberInvitations,
};

/**
 * The walkthrough (docs/product/shell.md#walkthrough, docs/product/sessions-and-sign-in.md#session): opens by itself on a first
 * login, and the header's information button toggles it. The slides follow the current
 * entity's kind and the user's role in it.
 */
export function WalkthroughDialog() {
  const [isOpen, setIsOpen] = useAtom(isWalkthroughOpenAtom);
  const entity = useAtomValue(currentEntityAtom);
  const navigate = useNavigate();
  if (!isOpen) return null;
  // A limited member reads the family canvas: the tour does not ask them to answer and vote.
  const isReader = entity?.entityTypeId === EntityType.Family && !isAdmin(entity) && !entity.entityRolePermissions.includes('EditCanvas');

  const close = () => setIsOpen(false);
  const onAction = (action: WalkthroughAction) => {
    close();
    const destination = destinations[action];
    if (destination) void navigate(destination());
  };
  return (
    <Suspense fallback={null}>
      <WalkthroughCarousel
        isOpen
        onClose={close}
        entityTypeId={entity?.entityTypeId ?? null}
        isAdmin={isAdmin(entity)}
        isReader={isReader}
        onAction={onAction}
      />
    </Suspense>
  );
}
