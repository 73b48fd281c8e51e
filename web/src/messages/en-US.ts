import type { messageKeys } from '../../../shared/validation';
import type { AreaMessages } from './en-US.areas';

/**
 * The en-US message catalogue: every text of the interface, under the spec's keys
 * (docs/product/errors.md#accounts-errors, docs/product/accounts.md#validation; shared/validation.ts messageKeys). `t(key)` reads it. Long-form
 * page content (privacy, terms, the team) is its companion en-US.documents.ts, kept
 * apart so only the pages that show it download it.
 */
const coreMessages = {
  // Common
  'common.appName': 'Family Canvas',
  'common.slogan': 'Plan together. Grow together.',
  'common.close': 'Close',
  'common.ok': 'OK',
  'common.loading': 'Loading…',
  'common.scrollMore': 'Scroll sideways for more →',
  'common.scrollBack': '← Scroll back',
  'common.backToHome': 'Back to home',
  'common.required': 'required',
  'common.opensInNewTab': '(opens in a new tab)',

  // Form validation (keys shared with the server: shared/validation.ts)
  'forms.errorMessages.required': 'This field is required.',
  'forms.errorMessages.email': 'Please enter a valid e-mail address.',
  'forms.errorMessages.minLength3': 'Please enter at least 3 characters.',
  'forms.errorMessages.password':
    'Use at least 8 characters with a lowercase letter, an uppercase letter, a digit and one of !@#$%^&*?_- (no other special characters).',
  'forms.errorMessages.passwordMismatch': 'The passwords do not match.',
  'forms.errorMessages.invalidInput': 'This value is not valid.',
  'forms.errorMessages.tooLong': 'This text is too long.',
  'forms.errorMessages.name': 'Please use letters, spaces, apostrophes or hyphens only.',
  'forms.errorMessages.phone': 'Please enter a valid phone number.',
  'forms.errorMessages.postalCode': 'Please enter a valid postal code.',
  'forms.errorMessages.unknownField': 'This field is not accepted.',
  'forms.errorMessages.singleLine': 'Please keep this to one line, without line breaks or text-direction marks.',
  'forms.requiredLegend': 'Fields marked with * are required.',
  'forms.submitHint': 'Complete the highlighted fields to continue.',
  'forms.errorMessages.formInvalid': 'Some information was not accepted. Please check the form and try again.',
  'register.form.errorMessages.termsAndPrivacy': 'Please accept the terms of use and the privacy policy.',

  // Errors (docs/product/errors.md#accounts-errors)
  'errors.systemError.title': 'Something went wrong',
  'errors.systemError.firstLine': 'We could not complete your request.',
  'errors.systemError.lastLine': 'Please try again later. If the problem continues, contact us.',
  'errors.network': 'The server could not be reached. Check your connection and try again.',
  'errors.unexpectedResponse': 'The server sent an answer we did not understand.',
  'errors.notFound': '404 not found',
  'errors.internalServerError': 'Internal server error, try again later.',

  // Header and navigation (docs/product/shell.md#application-shell)
  'header.skipToContent': 'Skip to main content',
  'header.homeLink': 'Family Canvas, home',
  'header.mainNavigation': 'Main',
  'header.login': 'Login',
  'header.aboutApp': 'About app',
  'header.canvas': 'Canvas',
  'header.advisors': 'Advisors',
  'header.advisorsList': 'Our advisors',
  'header.workInvitations': 'Work invitations',
  'header.myFamily': 'My family',
  'header.familyProfile': 'Family profile',
  'header.memberInvitations': 'Member invitations',
  'header.dashboard': 'Dashboard',
  'header.families': 'Families',
  'header.familiesList': 'Our families',
  'header.myCompany': 'My company',
  'header.companyProfile': 'Company profile',
  'header.openMenu': 'Open menu',
  'header.closeMenu': 'Close menu',
  'header.mobileMenuTitle': 'Menu',
  'header.accountMenu': 'Account menu',
  'header.profile': 'Profile',
  'header.logout': 'Logout',
  'header.walkthrough': 'Walkthrough',
  'header.language': 'Language',
  'header.languageShort.en-US': 'EN',
  'header.languageName.en-US': 'English (US)',
  'header.languageLabel': 'Language ({short})',
  'header.languageOption': '{short}, {name}',
  'header.entitySwitcher': 'Organisation',
  'header.entitySwitcherCreateNew': 'Create new',
  // Accessible names hold the visible text (WCAG 2.5.3 label in name): "Create new", "EN".
  'header.entitySwitcherCreateNewLabel': 'Create new family or advisor company',
  'header.entitySwitcherNone': 'No organisation yet',
  'header.navigationProgress': 'Loading page',

  // Footer
  'footer.label': 'Site',
  'footer.aboutUs': 'About us',
  'footer.aboutApp': 'About the app',
  'footer.contact': 'Contact',
  'footer.privacy': 'Privacy policy',
  'footer.terms': 'Terms of use',
  'footer.company': 'Family Canvas Ltd',
  'footer.copyright': '© {year} Family Canvas Ltd. All rights reserved.',

  // Toasts
  'toast.close': 'Close notification',
  'toast.mode.error': 'Error',
  'toast.mode.success': 'Success',
  'toast.mode.warning': 'Warning',
  'toast.mode.info': 'Information',
  'toast.mode.neutralGrey': 'Notice',

  // Walkthrough (placeholder until the walkthrough issue)
  'walkthrough.title': 'Walkthrough',
  'walkthrough.placeholder': 'The guided tour of Family Canvas arrives soon. Until then, the About app page explains how it works.',
  'walkthrough.aboutAppLink': 'Read about the app',

  // Page titles: one per route of docs/product/shell.md#routes and docs/product/shell.md#screens
  'pages.home.title': 'Home',
  'pages.start.title': 'Get started',
  'pages.loading.title': 'Loading',
  'pages.login.title': 'Login',
  'pages.signup.title': 'Registration',
  'pages.confirmEmail.title': 'Confirm e-mail',
  'pages.resendEmailConfirmation.title': 'Confirm your e-mail',
  'pages.reset.title': 'Reset password',
  'pages.resetPassword.title': 'Choose a new password',
  'pages.aboutUs.title': 'About us',
  'pages.aboutApp.title': 'About the app',
  'pages.contact.title': 'Contact',
  'pages.termsOfUse.title': 'Terms of use',
  'pages.privacy.title': 'Privacy policy',
  'pages.canvas.title': 'Canvas',
  'pages.canvasCategory.title': 'Canvas category',
  'pages.memberInvitation.title': 'Member invitation',
  'pages.familyInvitation.title': 'Family invitation',
  'pages.advisorInvitation.title': 'Advisor invitation',
  'pages.dashboard.title': 'Dashboard',
  'pages.about.title': 'About',
  'pages.noEntity.title': 'Set up your organisation',
  'pages.createEntity.title': 'Create a family or company',
  'pages.navMyFamily.title': 'My family',
  'pages.myFamily.title': 'My family',
  'pages.familyMemberInvitations.title': 'Family member invitations',
  'pages.navMyCompany.title': 'My company',
  'pages.myCompany.title': 'My company',
  'pages.companyMemberInvitations.title': 'Company member invitations',
  'pages.workRelationsFamilies.title': 'Families',
  'pages.families.title': 'Families',
  'pages.familyInvitationsPage.title': 'Invite a family',
  'pages.family.title': 'Family',
  'pages.workRelationsCompanies.title': 'Advisor companies',
  'pages.companies.title': 'Advisor companies',
  'pages.companyInvitationsPage.title': 'Invite an advisor company',
  'pages.company.title': 'Advisor company',
  'pages.selectFamilyPage.title': 'Choose a family',
  'pages.selectAdvisorCompanyPage.title': 'Choose an advisor company',
  'pages.profile.title': 'Profile',
  'pages.sessionExpired.title': 'Session expired',
  'pages.notFound.title': 'Page not found',

  // Pages that later work builds
  'placeholder.text': 'This page arrives soon. We are building it right now.',
  'placeholder.hint': 'In the meantime you can read about the app or write to us.',

  // Home (docs/product/accounts.md#screens)
  'home.title': 'Welcome to Family Canvas',
  'home.description':
    'One shared canvas where your family sets out what matters — wealth, relationships, time and purpose — and works on it together with the advisors you trust.',
  'home.login': 'Login',
  'home.startRegistration': 'Start registration',
  'home.start': 'Start',
  'home.startHint': 'Set up your family or advisor company to begin.',
  'home.goToCanvas': 'Go to canvas',
  'home.goToDashboard': 'Go to dashboard',
  'home.areas.wealth': 'Wealth',
  'home.areas.relationships': 'Relationships',
  'home.areas.time': 'Time',
  'home.areas.purpose': 'Purpose',
  'home.highlights.title': 'How it works',
  'home.highlights.answer.title': 'Answer together',
  'home.highlights.answer.text': 'Each family member answers guiding questions and votes on what rings true.',
  'home.highlights.decide.title': 'Decide what matters',
  'home.highlights.decide.text': 'Turn answers into takeaways, goals and action points that stay linked.',
  'home.highlights.share.title': 'Share with care',
  'home.highlights.share.text': 'Invite advisors and choose exactly which sections of the canvas they may see.',

  // Not found, session expired, loading, full-page error
  'notFound.title': 'Page not found',
  'notFound.text': 'We could not find the page you were looking for. It may have moved, or the link may be incomplete.',
  'notFound.errorTitle': 'This page is not available',
  'notFound.errorText': 'You do not have access to this page, or something went wrong while opening it.',
  'notFound.backToRoot': 'Back to home',
  'sessionExpired.title': 'Your session has expired',
  'sessionExpired.text': 'For your security you were signed out. Please log in again to continue where you left off.',
  'sessionExpired.login': 'Go to login',
  // The session was ended from another device (Security tab: sign out that session, or all others): said at once by the live channel, or on the next call (docs/product/sessions-and-sign-in.md).
  'sessionExpired.signedOut.title': 'You were signed out from another device',
  'sessionExpired.signedOut.text': 'Your session here was ended from another device or browser. Please log in again to continue.',
  'loading.title': 'Loading',
  'loading.text': 'Just a moment…',
  'fullPageError.title': 'Something went wrong',
  'fullPageError.text': 'An unexpected error stopped this page. Please go back and try again.',

  // Contact (docs/product/accounts.md#screens, #validation, docs/product/errors.md#accounts-errors)
  'contactForm.title': 'Contact us',
  'contactForm.intro': 'Questions, ideas or feedback? Write to us and we will answer by e-mail, usually within two working days.',
  'contactForm.firstName': 'First name',
  'contactForm.lastName': 'Last name',
  'contactForm.email': 'E-mail',
  'contactForm.subject': 'Subject',
  'contactForm.message': 'Message',
  'contactForm.send': 'Send message',
  'contactForm.sending': 'Sending…',
  'contactForm.sent': 'Sent',
  'contactForm.successTitle': 'Message sent',
  'contactForm.successMessage': 'Thank you for your message! We will get back to you soon.',
  'contactForm.sendAnother': 'Send another message',
  'contactForm.errorTitle': 'Message not sent',
  'contactForm.errorMessage': 'Your message could not be sent. Please try again in a moment.',

  // About us
  'aboutUs.title': 'About us',
  'aboutUs.intro':
    'We are a small team of people who have seen how much families gain when they talk openly about what they own, what they value and where they want to go — and how much easier that is with good advisors at the table.',
  'aboutUs.teamTitle': 'Our team',
  'aboutUs.photoAlt': 'Illustrated portrait of {name}',
  'aboutUs.contactCta': 'Want to talk to us?',
  'aboutUs.contactLink': 'Write to the team',

  // About app (docs/product/accounts.md#screens)
  'aboutApp.title': 'About Family Canvas',
  'aboutApp.intro':
    'Family Canvas helps families plan across generations. Everything the family works out lives on one canvas, and the family decides which advisors may see which parts of it.',
  'aboutApp.families.title': 'For families',
  'aboutApp.families.text':
    'Answer guiding questions in four areas — wealth, relationships, time and purpose — look back at your past, describe your present and shape your future. Vote on answers, note takeaways, set goals and plan action points.',
  'aboutApp.advisors.title': 'For advisor companies',
  'aboutApp.advisors.text':
    'See the families you work with on one dashboard, open the canvas sections they share with you and keep private notes for your own team.',
  'aboutApp.workflow.title': 'From questions to actions',
  'aboutApp.workflow.questions': 'Questions: every category has four questions; each member answers and votes.',
  'aboutApp.workflow.takeaways': 'Takeaways: what the family learned, in a few words.',
  'aboutApp.workflow.goals': 'Goals: short, mid or long term, linked to the takeaways behind them.',
  'aboutApp.workflow.actions': 'Action points: who does what, by priority, linked to their goals.',
  'aboutApp.privacy.title': 'You stay in control',
  'aboutApp.privacy.text': 'Members get roles, advisors get only the sections you share, and private notes stay inside the organisation that wrote them.',
  'aboutApp.goToDashboard': 'Go to your dashboard',
  'aboutApp.goToCanvas': 'Go to your canvas',
  'aboutApp.goToLogin': 'Log in to start',
  'aboutApp.setUp': 'Set up your family or company',

  // Password fields (docs/product/accounts.md#validation)
  'forms.password.show': 'Show password',
  'forms.password.hide': 'Hide password',
  'forms.password.hint': 'At least 8 characters, with a lowercase letter, an uppercase letter, a digit and a special character from !@#$%^&*?_- (no others).',
  // The date field's calendar (web/src/components/ui/Field.tsx DayField, CalendarPopup.tsx)
  'datePicker.open': 'Choose {field} from a calendar',
  'datePicker.dialog': '{field}: calendar',
  'datePicker.previousMonth': 'Previous month',
  'datePicker.nextMonth': 'Next month',
  'datePicker.keys': 'Arrows move a day or a week, Page Up/Down a month; Enter chooses, Escape closes.',

  // Start: login or signup (docs/product/accounts.md#screens)
  'start.intro': 'Create an account for your family or your advisor company, or sign in if you already have one.',
  'start.invitation.memberInvitation': 'You have been invited to join an organisation on Family Canvas. Sign in or register to accept the invitation.',
  'start.invitation.familyInvitation':
    'An advisor company has invited your family to work together on Family Canvas. Sign in or register to accept the invitation.',
  'start.invitation.advisorInvitation':
    'A family has invited your advisor company to work with them on Family Canvas. Sign in or register to accept the invitation.',
  'start.startRegistration': 'Start registration',
  'start.signIn': 'Sign in',

  // Login (docs/product/sessions-and-sign-in.md#screens, #validation, docs/product/errors.md#sessions-errors)
  'login.intro': 'Welcome back. Log in to continue with your canvas.',
  'login.introConfirmed': 'Your e-mail address is confirmed. Log in to get started.',
  'login.introReset': 'Your password has been changed. Log in with your new password.',
  'login.email': 'E-mail',
  'login.password': 'Password',
  'login.remember': 'Keep me signed in for 30 days',
  'login.rememberHint':
    'Otherwise you are signed out after 12 hours. Either way, 30 minutes without activity signs you out. Do not use this on a shared computer.',
  'login.submit': 'Login',
  'login.submitting': 'Logging in…',
  'login.submitted': 'Logged in',
  'login.checkingEmail': 'Preparing your login…',
  'login.noAccount': 'No account yet?',
  'login.registerHere': 'Register here',
  'login.forgotPassword': 'Forgot your password?',
  'login.resetHere': 'Reset it here',
  'login.errors.title': 'Login failed',
  'login.errors.credentials': 'Your email or password are incorrect.',
  'login.unconfirmed.text': 'Registered but never confirmed your e-mail address? We can send you a new confirmation link.',
  'login.unconfirmed.resend': 'Send a new confirmation link',
  'login.unconfirmed.sent': 'A new confirmation link is on its way to {email}. Open it within 14 days, then log in.',
  'login.errors.validation': 'Please check your e-mail address and password.',
  'login.errors.throttledTitle': 'Too many attempts',
  'login.errors.throttled':
    'Too many failed login attempts. For your security, please try again in 15 minutes, or choose a new password with "Forgot your password?": this browser then signs in at once.',

  // Registration (docs/product/sessions-and-sign-in.md#screens, docs/product/accounts.md#signup, docs/product/sessions-and-sign-in.md#validation, docs/product/errors.md#sessions-errors)
  'register.step': 'Step {step} of 3',
  'register.type.title': 'Who are you registering?',
  'register.type.family': 'A family',
  'register.type.familyDescription':
    'Your family works on its own canvas: answer questions together, set goals, plan action points and invite the advisors you trust.',
  'register.type.advisor': 'An advisor company',
  'register.type.advisorDescription':
    'Your company works with the families who invite you: see the canvas sections they share on one dashboard and keep notes for your team.',
  'register.type.hint': 'Point at or focus an option to read what it offers.',
  'register.type.continue': 'Continue',
  'register.form.title': 'Your details',
  'register.form.firstName': 'First name',
  'register.form.lastName': 'Last name',
  'register.form.familyName': 'Family name',
  'register.form.companyName': 'Company name',
  'register.form.email': 'E-mail',
  'register.form.password': 'Password',
  'register.form.passwordConfirmation': 'Repeat password',
  'register.form.acceptPrefix': 'I accept the',
  'register.form.termsLink': 'terms of use',
  'register.form.and': 'and the',
  'register.form.privacyLink': 'privacy policy',
  'register.form.back': 'Back',
  'register.form.submit': 'Register',
  'register.form.submitting': 'Registering…',
  'register.form.submitted': 'Registered',
  'register.form.errorMessages.emailInUse': 'Email is already in use',
  'register.errors.title': 'Registration failed',
  'register.errors.generic': 'Your registration could not be completed. Please try again in a moment.',
  'register.errors.invalidEntityType': 'This kind of organisation cannot be registered. Please go back and choose a family or an advisor company.',
  'register.errors.confirmMailNotSentTitle': 'Confirmation e-mail not sent',
  'register.errors.confirmMailNotSent':
    'Your account was created, but we could not send the confirmation e-mail. Use “Send the e-mail again” to get a new link.',
  'register.sent.title': 'Check your e-mail',
  'register.sent.text': 'We sent a confirmation e-mail to {email}. Open the link in it within 14 days to activate your account.',
  'register.sent.spam': 'Nothing there after a few minutes? Look in your spam folder, or send the e-mail again.',
  'register.sent.resend': 'Send the e-mail again',
  'register.sent.resending': 'Sending…',
  'register.sent.resent': 'Sent',
  'register.sent.resentToast': 'A new confirmation link is on its way.',
  'register.sent.toLogin': 'Go to login',

  // Password reset request (docs/product/accounts.md#screens, docs/product/errors.md#accounts-errors)
  'reset.intro': 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  'reset.email': 'E-mail',
  'reset.submit': 'Send reset link',
  'reset.submitting': 'Sending…',
  'reset.submitted': 'Sent',
  'reset.sent.title': 'Check your e-mail',
  'reset.sent.text':
    'If an account exists for {email}, we have sent it a link to choose a new password. The link is valid for one hour. If several such mails came, use the newest.',
  'reset.sent.backToLogin': 'Back to login',

  // New password from a reset link (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)
  'resetPassword.intro': 'Choose a new password for {email}.',
  'resetPassword.password': 'New password',
  'resetPassword.passwordConfirmation': 'Repeat new password',
  'resetPassword.submit': 'Save new password',
  'resetPassword.submitting': 'Saving…',
  'resetPassword.submitted': 'Saved',
  'resetPassword.successToast': 'Your password has been reset. You can log in with it now.',
  'resetPassword.errors.failedTitle': 'Password not reset',
  'resetPassword.errors.failed': 'The new password was not accepted. Please check it against the rules and try again.',
  'resetPassword.invalidLink.title': 'This link is not valid',
  'resetPassword.invalidLink.text':
    'The link to reset your password is incomplete, has already been used, or a newer link was sent since. Open the newest e-mail, or request a new link.',
  'resetPassword.expiredLink.title': 'This link has expired',
  'resetPassword.expiredLink.text': 'A link to reset your password is valid for one hour. Request a new one.',
  'resetPassword.requestNewLink': 'Request a new link',
  'resetPassword.checkingLink': 'Checking your link…',

  // E-mail confirmation (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)
  'confirmEmail.confirming': 'Confirming your e-mail address…',
  'confirmEmail.expired.title': 'This confirmation link has expired',
  'confirmEmail.expired.text': 'A confirmation link is valid for 14 days. Please restart your registration.',
  'confirmEmail.restartRegistration': 'Restart registration',

  // Resend the confirmation link (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)
  'resendConfirmation.intro': 'Your e-mail address is not confirmed yet. When you registered we sent a confirmation link to {email}.',
  'resendConfirmation.introWithoutEmail': 'Your e-mail address is not confirmed yet. When you registered we sent you a confirmation link.',
  'resendConfirmation.send': 'Send the link again',
  'resendConfirmation.sending': 'Sending…',
  'resendConfirmation.sent': 'Sent',
  'resendConfirmation.done': 'A new confirmation link is on its way. Open it within 14 days to confirm your e-mail address.',

  // Entity switcher (docs/product/shell.md#application-shell)
  'header.entitySwitcherCurrent': '(current)',
  'header.entitySwitcherHeading': 'Switch organisation',

  // Placeholders for keys later issues use (spec names them)
  'dashboard.emptyList': 'You do not have access to any canvas yet.',
  'entity.successMessages.editInfo': 'The information has been saved.',

  // Legal pages
  'legal.lastUpdated': 'Last updated: {date}',
  // Used by the shell and the shared components, on any page (moved from the areas' catalogues).
  'forms.errorMessages.date': 'Enter a real date as day.month.year, e.g. 24.12.2026.',
  'header.myActions': 'My actions',
  'confirmDialog.challenge': 'To confirm, type the result of {a} × {b}.',
  'confirmDialog.answer': 'Result',
  'confirmDialog.cancel': 'Cancel',
  'confirmDialog.working': 'Working…',
  'confirmDialog.done': 'Done',
  'common.save': 'Save',
  'common.saving': 'Saving…',
  'common.saved': 'Saved',
  'common.tryAgain': 'Try again',
  'table.sortedBy': 'Sorted by:',
  'table.thenBy': 'then',
  'table.sortedAscending': 'sorted ascending',
  'table.sortedDescending': 'sorted descending',
  'table.sortPosition': 'sort key {position}',
  'table.removeSort': 'Stop sorting by {column}',
  'table.clearSort': 'Clear sorting',
  'table.addToSort': 'Add columns to the sort',
  'table.shiftHint': 'Or hold Shift while clicking a column.',
  'address.streetAddress': 'Street address',
  'address.postalCode': 'Postal code',
  'address.city': 'City',
  'address.country': 'Country',
  'address.chooseCountry': 'Choose a country',
  'login.twoFactorRequired': 'Your company requires two-factor sign-in. Set it up here to open the company.',
  'accessUntil.past': 'Choose today or a later day.',
  // The connection banner of the shell (web/src/app/shell/OfflineBanner.tsx; docs/product/canvas.md#offline)
  'offline.banner': 'Offline: changes are saved when you’re back',
  'offline.waiting': '{count} waiting to be sent',
  'offline.sending': 'Back online: sending your changes…',
} as const;

export type MessageKey = keyof typeof coreMessages | keyof AreaMessages;

/** Makes sure every key the server may send (shared/validation.ts) has a text here. */
const _serverKeysAreTranslated = (all: typeof coreMessages & AreaMessages): Record<(typeof messageKeys)[keyof typeof messageKeys], string> => all;
void _serverKeysAreTranslated;

/**
 * The texts loaded so far: the core ones (the shell, sign-in, errors, the logged-out pages)
 * from the start; the areas' (./en-US.areas.ts) once loadAreaMessages resolved, which every
 * page route but the home page awaits before it renders (web/src/app/router.tsx), so the
 * logged-out first page does not download them.
 */
const loaded: Partial<Record<MessageKey, string>> = { ...coreMessages };
let areasLoading: Promise<void> | undefined;

/** Loads the areas' texts (once). */
export function loadAreaMessages(): Promise<void> {
  areasLoading ??= import('./en-US.areas').then((module) => {
    Object.assign(loaded, module.areaMessages);
  });
  return areasLoading;
}

/** The text of a key, with `{name}` placeholders filled in (the key itself if its area is not loaded, which a test would show). */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  const text: string = loaded[key] ?? key;
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(loaded, key);
}
