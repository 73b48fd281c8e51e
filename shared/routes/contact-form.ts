import type { RouteGroup } from '../route-definition';

/** The contact-form group of the route manifest (shared/routes.ts): its Lambda's bundle carries only this file's routes. */
export const contactFormRoutes = {
  entry: 'functions/contact-form/handler.ts',
  canSendEmail: true,
  routes: [{ name: 'sendContactMessage', method: 'POST', path: '/api/contact-form', isPublic: true }],
} as const satisfies RouteGroup;
