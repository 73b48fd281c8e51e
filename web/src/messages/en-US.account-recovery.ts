/**
 * The texts of the links in the sign-in-method mails ("This was not me", the mailbox
 * recovery of lost second factors and its cancel link), of "Lost your phone or passkey?"
 * on the login's second step, and of what a first passkey changes. Spread into `messages`
 * in en-US.ts, so `t()` knows every key.
 */
export const accountRecoveryMessages = {
  'pages.notMe.title': 'Secure your account',
  'notMe.text':
    'You got an e-mail about a change to how your account signs in, and it was not you. Securing your account signs every device out (this one too), stops your current password from working and sends you a link to choose a new one. A second factor that change added stops working at once and is removed after 24 hours: we mail you the link that removes it, and one that cancels it.',
  'notMe.confirm': 'Secure my account',
  'notMe.busy': 'Securing your account…',
  'notMe.done': 'Your account is secured: every device was signed out. We sent a link to {email}: open it to choose a new password.',
  'notMe.factorHeld':
    'The second factor that change added can no longer be used. From {removalAt} the link we mailed you removes it; until then a sign-in with your password still asks for a second factor.',
  'notMe.invalid': 'This link is not valid any more. It works once and for 3 days.',
  'notMe.error': 'Your account could not be secured. Please try again.',

  'pages.recoverAccess.title': 'Recover access',
  'recoverAccess.notStarted':
    'You lost your second factor (authenticator app, passkey and recovery codes). For your safety the recovery takes 24 hours: we tell your mailbox right away, and anyone signing in with a factor meanwhile cancels it. After the wait, this same link removes your second factors, so you can sign in with your password and set up new ones.',
  'recoverAccess.start': 'Start the recovery',
  'recoverAccess.starting': 'Starting…',
  'recoverAccess.waiting':
    'The recovery started. From {readyAt} you can remove your second factors here, with the link from the same e-mail. We sent you an e-mail with a link to cancel it.',
  'recoverAccess.ready': 'The waiting period is over. Removing your second factors lets you sign in with your password alone. Set up a new one right after.',
  'recoverAccess.complete': 'Remove my second factors',
  'recoverAccess.completing': 'Removing…',
  'recoverAccess.done':
    'Your second factors were removed. Sign in with your password, then set up two-factor sign-in or a passkey again under Profile, Security.',
  'recoverAccess.toLogin': 'Go to sign-in',
  'recoverAccess.invalid':
    'This recovery link is not valid any more: it was used or cancelled, or it is older than 7 days. Ask for a new one on the sign-in page.',
  'recoverAccess.error': 'Something went wrong. Please try again.',

  'pages.recoverAccessCancel.title': 'Cancel the recovery',
  'recoverAccessCancel.text':
    'Someone started to remove the second factors of your account through your mailbox. If it was not you, cancel it. Consider changing your e-mail password too.',
  'recoverAccessCancel.confirm': 'Cancel the recovery',
  'recoverAccessCancel.done': 'The recovery was cancelled. Your second factors stay as they are.',
  'recoverAccessCancel.invalid': 'This link is not valid any more. It works once and for 7 days.',

  'login.secondStep.lost': 'Lost your phone or passkey?',
  'login.secondStep.lostText':
    'We can e-mail you a recovery link. For your safety the recovery takes 24 hours; after that you sign in with your password alone and set up a new second factor.',
  'login.secondStep.lostSend': 'E-mail me a recovery link',
  'login.secondStep.lostSent': 'If the account has a second factor, we sent a recovery link to {email}. If several such mails came, use the newest.',
  'login.secondStep.lostError': 'The recovery link could not be sent. Please try again later.',
  'login.secondStep.recoveryOnlyIntro': 'Or enter one of your recovery codes:',

  'passkeys.addWhatChanges':
    'A passkey signs you in on its own, without your password. Once you have one, signing in with your password also asks for a second step: your passkey, or one of your recovery codes. Your device will ask you to confirm next.',
  'passkeys.recoveryTitle': 'Your passkey was added',
  'passkeys.recoveryIntro': 'Save these recovery codes now: you see them only once. If you lose the device with your passkey, each code signs you in once.',
} as const;
