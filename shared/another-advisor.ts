import type { HistoryActor } from './contracts/history';

/**
 * The neutral stand-in for a person of another advisor company, as an advisor reads them
 * (shared/permissions.ts isOtherAdvisorCompany): in place of their user id on an item
 * (assignee, creator, voter), and as the actor of their changes. It names nobody.
 *
 * Apart from shared/contracts/history.ts so code that needs only
 * these constants does not build the history schemas: a function's bundle then leaves them out.
 */
export const anotherAdvisorId = 'another-advisor';
export const anotherAdvisorActor: HistoryActor = { userId: anotherAdvisorId, firstName: '', lastName: '', entityId: 0, entityName: '', entityTypeId: 2 };
