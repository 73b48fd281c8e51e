/**
 * The walkthrough's slides (docs/product/shell.md#walkthrough, docs/product/limits.md#shell-limits: 17 family slides, 12 advisor
 * slides): the one place for their words, pictures and buttons. Slides marked needsAdmin
 * are shown to owners and admins only. Every slide has one button that closes the
 * walkthrough and, for some, leads somewhere (the shell turns the action into a path).
 * The pictures are in web/public/walkthrough/; the text carries the meaning, so they are
 * decorative.
 */

export type WalkthroughAction =
  'learnMore' | 'getStarted' | 'familyMemberInvitations' | 'companyInvitationsPage' | 'familyInvitationsPage' | 'companyMemberInvitations';

export type WalkthroughSlide = {
  id: string;
  title: string;
  text: string;
  /** A picture in web/public/walkthrough/. */
  image: string;
  action: WalkthroughAction;
  needsAdmin?: boolean;
  /** What a limited member (who reads the canvas but does not answer or vote) is told instead. */
  forReader?: { title: string; text: string };
};

const image = (name: string) => `/walkthrough/${name}.svg`;

export const familySlides: readonly WalkthroughSlide[] = [
  {
    id: 'family-welcome',
    title: 'Welcome to your family canvas',
    text: 'Family Canvas is one shared place where your family plans its future together. The canvas gathers what each of you thinks, what you agree on and what you will do about it, for the whole family to see.',
    image: image('welcome'),
    action: 'learnMore',
  },
  {
    id: 'family-sections',
    title: 'A canvas in sections',
    text: 'Your canvas is divided into sections: the family council, the four abundances, a timeline of your past, present and future, and sections of your own. Each section holds category cards that you can open full screen.',
    image: image('sections'),
    action: 'getStarted',
  },
  {
    id: 'family-abundances',
    title: 'The four abundances',
    text: 'At the heart of the canvas are four areas of family wealth: wealth, relationships, time and purpose. Looking at all four keeps money from becoming the only measure of how your family is doing.',
    image: image('abundances'),
    action: 'getStarted',
  },
  {
    id: 'family-questions',
    title: 'Questions and answers',
    text: 'Every category starts with four questions. Each family member writes their own answer, so every voice is heard before the family draws its conclusions.',
    image: image('questions'),
    action: 'getStarted',
    forReader: {
      title: 'Questions and answers',
      text: 'Every category starts with four questions, and the family members with full rights answer them. You can read every answer; an owner can give you full member rights if you want to answer too.',
    },
  },
  {
    id: 'family-votes',
    title: 'Votes show what matters',
    text: 'Vote for the answers and takeaways that speak to you. Up to three votes show as stars, more as a number, so the family sees at a glance where it agrees. Your own items cannot get your vote.',
    image: image('votes'),
    action: 'getStarted',
    forReader: {
      title: 'Votes show what matters',
      text: 'The stars on answers and takeaways are the family’s votes: up to three show as stars, more as a number, so you see at a glance where the family agrees.',
    },
  },
  {
    id: 'family-takeaways',
    title: 'Takeaways',
    text: 'A takeaway is what the family learns from its answers: a short title, a description and who raised it. Active takeaways appear on the category cards; archive the ones you no longer need.',
    image: image('takeaways'),
    action: 'getStarted',
  },
  {
    id: 'family-goals',
    title: 'Goals and their terms',
    text: 'Turn takeaways into goals and give each one a term: short, mid or long. The Goals and actions tab shows them in columns, and completed goals move to a list of their own.',
    image: image('goals'),
    action: 'getStarted',
  },
  {
    id: 'family-actions',
    title: 'Action points and priorities',
    text: 'Action points are the concrete steps towards a goal. Give each one a person who takes care of it and a priority (high, medium or low), and mark it done once it is done.',
    image: image('actions'),
    action: 'getStarted',
  },
  {
    id: 'family-links',
    title: 'Link it all together',
    text: 'Link takeaways to goals, and goals to action points. Point at a takeaway to highlight the goals and actions that grew from it.',
    image: image('links'),
    action: 'getStarted',
  },
  {
    id: 'family-category',
    title: 'One category at a time',
    text: 'Open a category card full screen to see its questions, takeaways, goals and action points side by side. Text you have not saved is never lost by accident: you are asked before you leave.',
    image: image('focus'),
    action: 'getStarted',
  },
  {
    id: 'family-members',
    title: 'Your family members',
    text: 'My family lists everyone in your family with their member rights: owners and admins look after the family, full members work on the canvas and limited members follow along.',
    image: image('members'),
    action: 'getStarted',
  },
  {
    id: 'family-invite-members',
    title: 'Invite your family',
    text: 'Bring the rest of your family in: send an invitation by e-mail and choose their member rights. The link is valid for 14 days, and you can resend or cancel it at any time.',
    image: image('invite'),
    action: 'familyMemberInvitations',
    needsAdmin: true,
  },
  {
    id: 'family-advisors',
    title: 'Working with advisors',
    text: 'Advisor companies can help your family with its plans. Under Advisors you find the companies and the advisors you work with, and what each of them may see.',
    image: image('advisors'),
    action: 'getStarted',
  },
  {
    id: 'family-invite-advisors',
    title: 'Invite advisors, share what you choose',
    text: 'Invite an advisor company by e-mail and decide which sections of your canvas it may see: all of them or only some. You can change the shared sections and each advisor’s rights later.',
    image: image('share'),
    action: 'companyInvitationsPage',
    needsAdmin: true,
  },
  {
    id: 'family-notes',
    title: 'Private notes',
    text: 'Keep private notes about the advisor companies you work with. Notes stay inside your family: advisors never see them.',
    image: image('notes'),
    action: 'getStarted',
  },
  {
    id: 'family-privacy',
    title: 'Your profile and privacy',
    text: 'In your profile you keep your name, addresses and password up to date, and choose who sees your e-mail, phone and address: only you, your direct contacts or everyone.',
    image: image('privacy'),
    action: 'getStarted',
  },
  {
    id: 'family-ready',
    title: 'You are ready',
    text: 'Start with the family council, or with any question that speaks to you. You can open this tour again at any time with the information button at the top of the page.',
    image: image('ready'),
    action: 'getStarted',
    forReader: {
      title: 'You are ready',
      text: 'Start reading with the family council, or with any category that speaks to you. You can open this tour again at any time with the information button at the top of the page.',
    },
  },
];

export const advisorSlides: readonly WalkthroughSlide[] = [
  {
    id: 'advisor-welcome',
    title: 'Welcome, advisor',
    text: 'Family Canvas lets your company work alongside the families you advise, on their own planning canvas. You see what each family shares with you, and nothing else.',
    image: image('welcome'),
    action: 'learnMore',
  },
  {
    id: 'advisor-dashboard',
    title: 'Your dashboard',
    text: 'The dashboard shows a card for every family you work with: the sections and the takeaways you may see. When the list grows, load more families at the bottom.',
    image: image('dashboard'),
    action: 'getStarted',
  },
  {
    id: 'advisor-families',
    title: 'Your families',
    text: 'Under Families you find every family your company works with, its owners and its members. Each family has a page with its details and your notes about it.',
    image: image('members'),
    action: 'getStarted',
  },
  {
    id: 'advisor-open-canvas',
    title: 'Opening a family canvas',
    text: 'Double-click a family card, or use its canvas button, to open the family’s canvas. Click a category card to go straight to that category.',
    image: image('sections'),
    action: 'getStarted',
  },
  {
    id: 'advisor-rights',
    title: 'Your rights on a canvas',
    text: 'Each family decides what your company sees: all sections of its canvas or only some. It also gives every advisor full access, read access or no access.',
    image: image('rights'),
    action: 'getStarted',
  },
  {
    id: 'advisor-contribute',
    title: 'Contributing to the canvas',
    text: 'With full access you add answers, takeaways, goals and action points and vote like a family member. With read access you follow along without changing anything.',
    image: image('questions'),
    action: 'getStarted',
  },
  {
    id: 'advisor-goals',
    title: 'Goals and action points',
    text: 'The Goals and actions tab shows a family’s goals by term and its action points by priority: the quickest way to see where a family stands and what comes next.',
    image: image('goals'),
    action: 'getStarted',
  },
  {
    id: 'advisor-notes',
    title: 'Private notes',
    text: 'Keep notes about each family on its family page. Notes are private to your company: the family never sees them.',
    image: image('notes'),
    action: 'getStarted',
  },
  {
    id: 'advisor-company',
    title: 'Your company',
    text: 'My company shows your colleagues and their member rights. Owners and admins look after the company and always have full access to the canvases shared with it.',
    image: image('advisors'),
    action: 'getStarted',
  },
  {
    id: 'advisor-invite-families',
    title: 'Invite families',
    text: 'Invite a family by e-mail. Once it accepts, the family appears on your dashboard and decides which parts of its canvas it shares with you.',
    image: image('invite'),
    action: 'familyInvitationsPage',
    needsAdmin: true,
  },
  {
    id: 'advisor-invite-colleagues',
    title: 'Invite your colleagues',
    text: 'Bring colleagues into your company with a member invitation and choose their member rights. The families you work with then decide what each advisor may see.',
    image: image('members'),
    action: 'companyMemberInvitations',
    needsAdmin: true,
  },
  {
    id: 'advisor-ready',
    title: 'Your profile, and off you go',
    text: 'Keep your profile current and choose who sees your contact details. You can open this tour again at any time with the information button at the top of the page.',
    image: image('ready'),
    action: 'getStarted',
  },
];
