import type { RouteGroup } from '../route-definition';

/** The user group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const userRoutes = {
  entry: 'functions/user/handler.ts',
  routes: [
    { name: 'getProfile', method: 'GET', path: '/api/user/profile' },
    { name: 'updateUser', method: 'PATCH', path: '/api/user/{userId}' },
    { name: 'listPrefixes', method: 'GET', path: '/api/user/prefixes', isPublic: true },
    { name: 'addAddress', method: 'POST', path: '/api/user/address', takesIdempotencyKey: true },
    { name: 'updateAddress', method: 'PATCH', path: '/api/user/address/{id}' },
    { name: 'updatePrivacySettings', method: 'POST', path: '/api/user/privacy' },
    { name: 'listSessions', method: 'GET', path: '/api/user/sessions' },
    { name: 'revokeSession', method: 'DELETE', path: '/api/user/sessions/{id}', requiresRecentAuth: true },
    { name: 'revokeOtherSessions', method: 'POST', path: '/api/user/sessions/revoke-others', requiresRecentAuth: true },
    { name: 'getNotificationSettings', method: 'GET', path: '/api/user/notifications' },
    { name: 'updateNotificationSettings', method: 'PUT', path: '/api/user/notifications' },
    // The digest's unsubscribe link: the token in the URL is the proof, no session needed.
    // GET only looks (link scanners open links); POST unsubscribes (RFC 8058 one-click).
    { name: 'getUnsubscribe', method: 'GET', path: '/api/unsubscribe', isPublic: true },
    { name: 'unsubscribe', method: 'POST', path: '/api/unsubscribe', isPublic: true, acceptsFormBody: true },
    { name: 'listPrivacyLevels', method: 'GET', path: '/api/privacy-settings', isPublic: true },
    { name: 'listCountries', method: 'GET', path: '/api/addresses/countries', isPublic: true },
  ],
} as const satisfies RouteGroup;
