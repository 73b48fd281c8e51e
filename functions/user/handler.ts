import { createGroupHandler, defineRoute } from '../lib/http';
import { requireSession } from '../lib/session';
import { getProfile } from './get-profile';

export const handler = createGroupHandler('user', {
  getProfile: defineRoute({
    handler: async ({ session }) => ({ body: await getProfile(requireSession(session).userId) }),
  }),
});
