/** Query keys of the profile feature. */
export const profileKeys = {
  all: ['profile'] as const,
  user: ['profile', 'user'] as const,
  prefixes: ['profile', 'prefixes'] as const,
  sessions: ['profile', 'sessions'] as const,
  notifications: ['profile', 'notifications'] as const,
};
