import type { RouteGroup } from '../route-definition';

/** The entities group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const entitiesRoutes = {
  entry: 'functions/entities/handler.ts',
  routes: [
    { name: 'listEntities', method: 'GET', path: '/api/entities' },
    { name: 'createEntity', method: 'POST', path: '/api/entities', takesIdempotencyKey: true },
    { name: 'updateEntity', method: 'PATCH', path: '/api/entities/update' },
    { name: 'addEntityAddress', method: 'POST', path: '/api/entities/address', takesIdempotencyKey: true },
    { name: 'updateEntityAddress', method: 'PATCH', path: '/api/entities/address/{id}' },
    { name: 'getEntity', method: 'GET', path: '/api/entities/{entityId}' },
    { name: 'getEntityViaFamily', method: 'GET', path: '/api/entities/{entityId}/{familyId}' },
    { name: 'getNote', method: 'GET', path: '/api/entities/notes/{entityId}' },
    { name: 'createNote', method: 'POST', path: '/api/entities/notes/{entityId}', takesIdempotencyKey: true },
    { name: 'updateNote', method: 'PATCH', path: '/api/entities/notes/{entityId}' },
    { name: 'listFamiliesForInvite', method: 'GET', path: '/api/entities/list-families-for-invite/{inviterId}' },
    { name: 'listAdvisorCompaniesForInvite', method: 'GET', path: '/api/entities/list-advisor-companies-for-invite/{inviterId}' },
    { name: 'getEntityBySection', method: 'GET', path: '/api/entities/get-by-section/{sectionId}' },
  ],
} as const satisfies RouteGroup;
