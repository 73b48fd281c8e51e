/**
 * The texts of the profile's Security tab (issue "accounts advisory firms can trust"):
 * the sessions list. Two-factor sign-in and passkeys will add theirs here. Spread into
 * `messages` in en-US.ts, so `t()` knows every key.
 */
export const securityMessages = {
  'profile.tab.security': '6 Security',
  'profile.security.title': 'Security',
  'profile.security.sessions.title': 'Where you are signed in',
  'profile.security.sessions.intro':
    'Each browser you signed in with has a session. End any you do not recognise; it is signed out at once. A session ends by itself after 30 minutes without activity, and after 12 hours (30 days with "Keep me signed in").',
  'profile.security.sessions.device': 'Device',
  'profile.security.sessions.started': 'Signed in',
  'profile.security.sessions.lastSeen': 'Last active',
  'profile.security.sessions.current': 'This session',
  'profile.security.sessions.end': 'Sign out',
  'profile.security.sessions.endLabel': 'Sign out the session on {device}, signed in {date}',
  'profile.security.sessions.endOthers': 'Sign out all other sessions',
  'profile.security.sessions.ended': 'The session was signed out.',
  'profile.security.sessions.endedOthers': '{count} other sessions were signed out.',
  'profile.security.sessions.noOthers': 'You are signed in only here.',
  'profile.security.sessions.error': 'The session could not be signed out. Please try again.',
  'profile.security.sessions.loadError': 'Your sessions could not be loaded.',
  'profile.security.sessions.retry': 'Try again',
} as const;
