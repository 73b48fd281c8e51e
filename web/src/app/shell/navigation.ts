import { EntityType } from '../../../../shared/enums';
import { flagsFor } from '../../lib/permissions';
import type { MessageKey } from '../../messages/en-US';
import type { AuthState, SessionEntity } from '../../stores/session';
import { canOpen } from '../guards';
import { paths, type RouteName } from '../paths';

/**
 * The header's navigation for the current user (docs/product/shell.md#application-shell). Desktop nav and the
 * small-screen menu render the same entries. An item shows only when the user's
 * permissions allow it (shared policy) and the guards would let them in.
 */

export type NavLinkEntry = { kind: 'link'; label: MessageKey; to: string; route: RouteName };
export type NavGroupEntry = { kind: 'group'; label: MessageKey; items: NavLinkEntry[] };
export type NavEntry = NavLinkEntry | NavGroupEntry;

const link = (label: MessageKey, route: RouteName, to: string): NavLinkEntry => ({ kind: 'link', label, route, to });

export function navigationFor(auth: AuthState, entity: SessionEntity | null): NavEntry[] {
  if (!auth.isAuthenticated) return [link('header.login', 'login', paths.login()), link('header.aboutApp', 'aboutApp', paths.aboutApp())];
  if (!entity) return [link('header.aboutApp', 'aboutApp', paths.aboutApp())];

  const flags = flagsFor(entity);
  const visible = (entry: NavLinkEntry, isPermitted = true) => isPermitted && canOpen(entry.route, auth);
  const group = (label: MessageKey, items: Array<[NavLinkEntry, boolean?]>): NavGroupEntry => ({
    kind: 'group',
    label,
    items: items.filter(([entry, isPermitted]) => visible(entry, isPermitted)).map(([entry]) => entry),
  });

  if (entity.entityTypeId === EntityType.Family) {
    return [
      link('header.canvas', 'canvas', paths.canvas()),
      link('header.myActions', 'myActions', paths.myActions()),
      group('header.advisors', [
        [link('header.advisorsList', 'companies', paths.companies())],
        [link('header.workInvitations', 'companyInvitationsPage', paths.companyInvitationsPage()), flags.canManageWorkRelations],
      ]),
      group('header.myFamily', [
        [link('header.familyProfile', 'myFamily', paths.myFamily())],
        [link('header.memberInvitations', 'familyMemberInvitations', paths.familyMemberInvitations()), flags.canInviteMembers],
      ]),
    ];
  }
  return [
    link('header.dashboard', 'dashboard', paths.dashboard()),
    link('header.myActions', 'myActions', paths.myActions()),
    group('header.families', [
      [link('header.familiesList', 'families', paths.families())],
      [link('header.workInvitations', 'familyInvitationsPage', paths.familyInvitationsPage()), flags.canManageWorkRelations],
    ]),
    group('header.myCompany', [
      [link('header.companyProfile', 'myCompany', paths.myCompany())],
      [link('header.memberInvitations', 'companyMemberInvitations', paths.companyMemberInvitations()), flags.canInviteMembers],
    ]),
  ];
}
