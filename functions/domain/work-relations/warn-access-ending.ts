import { isAdmin } from '../../../shared/permissions';
import { decideAccessNow } from '../access/decide-now';
import { getEntities } from '../../records/entities';
import { listMembersOfEntity } from '../../records/members';
import { getUsers } from '../../records/users';
import { logger } from '../../lib/observability';
import { releaseAccessExpiryWarning, takeAccessExpiryWarning, type AccessExpiryItem } from '../../records/access-expiries';
import type { SendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';

/**
 * The access-ending mail (functions/domain/work-relations/expire-access.ts, 7 days before an
 * end date): the warning of the entry is taken with a conditional write before the mail goes
 * out, so a retried or parallel run never sends it twice ('nothing': it was); a failed mail
 * gives it back ('failed') for the next run. The company's owners and admins get it, as far
 * as the one access decision still lets them see the family.
 */
export async function warnAccessEnding(entry: AccessExpiryItem, at: Date, send: SendEmail): Promise<'warned' | 'nothing' | 'failed'> {
  if (!(await takeAccessExpiryWarning(entry, at))) return 'nothing';
  try {
    const [entities, members] = await Promise.all([getEntities([entry.familyId, entry.advisorId]), listMembersOfEntity(entry.advisorId)]);
    // The company's admins the one access decision still lets see this family (functions/domain/access/decide.ts: the two-factor policy too).
    const admins = members.filter((member) => member.isActive && isAdmin(member));
    const decisions = await decideAccessNow(
      admins.map((member) => ({ userId: member.userId, entityId: member.entityId, entityTypeId: member.entityTypeId, familyId: entry.familyId })),
    );
    const users = await getUsers(admins.filter((_member, index) => decisions[index]!.allowed).map((member) => member.userId));
    const message = emailTemplates.accessEndingSoon({
      familyName: entities.get(entry.familyId)?.entityName ?? '',
      companyName: entities.get(entry.advisorId)?.entityName ?? '',
      accessUntil: entry.accessUntil,
      link: appLink('/families'),
    });
    for (const user of users.values()) await send(user.email, message);
    return 'warned';
  } catch (error) {
    logger.error('access expiry: warning failed', { familyId: entry.familyId, advisorId: entry.advisorId, error });
    await releaseAccessExpiryWarning(entry);
    return 'failed';
  }
}
