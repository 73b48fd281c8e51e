/** Long-form en-US content of the static pages (the companion of en-US.ts). */
export type LegalDocument = {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: ReadonlyArray<{ heading: string; paragraphs?: readonly string[]; items?: readonly string[] }>;
};

export type TeamMember = { name: string; role: string; bio: string; photo: string };

export const documents = {
  team: [
    {
      name: 'Maria Lindqvist',
      role: 'Founder',
      bio: 'Spent fifteen years as a family-business adviser before starting Family Canvas to give families a place to plan together.',
      photo: '/team/maria-lindqvist.svg',
    },
    {
      name: 'Tomás Okafor',
      role: 'Software developer',
      bio: 'Builds the canvas and keeps it fast, accessible and secure on every device.',
      photo: '/team/tomas-okafor.svg',
    },
    {
      name: 'Priya Raman',
      role: 'Project manager',
      bio: 'Turns what families and advisors tell us into clear plans, and makes sure we ship them.',
      photo: '/team/priya-raman.svg',
    },
    {
      name: 'Jonas Weber',
      role: 'Data analyst',
      bio: 'Studies how the product is used — never what families write — to find where it can be simpler.',
      photo: '/team/jonas-weber.svg',
    },
    {
      name: 'Elena Rossi',
      role: 'Brand manager',
      bio: 'Looks after how Family Canvas looks, sounds and feels, from the first e-mail to the last button.',
      photo: '/team/elena-rossi.svg',
    },
  ] satisfies TeamMember[],

  privacy: {
    title: 'Privacy policy',
    lastUpdated: '1 November 2026',
    intro:
      'Family Canvas is a place where families write down things that matter deeply to them. We treat that trust seriously. This policy explains what personal data we process when you use Family Canvas, why, with whom it is shared and what rights you have.',
    sections: [
      {
        heading: 'Who is responsible',
        paragraphs: [
          'Family Canvas Ltd operates the Family Canvas application and is the controller of the personal data described here. You can reach us at any time through the contact form of the application.',
          'Where an advisor company uses Family Canvas to work with a family, each organisation is responsible for what it does with the data it can see, within the limits this policy and our terms of use set.',
        ],
      },
      {
        heading: 'What we collect',
        items: [
          'Account data: your first and last name, name prefix, e-mail address, phone number and postal addresses, and a hash of your password. Your password itself never leaves your browser: it is hashed there before it is sent.',
          'Organisation data: the names, contact details, addresses and VAT number of the families and advisor companies you create or join, and your role in them.',
          'Canvas content: answers, votes, takeaways, goals, action points and links that members of a family write on its canvas, and private notes an organisation keeps.',
          'Invitations: the e-mail addresses you invite and the status of each invitation.',
          'Contact messages: the name, e-mail address, subject and text you send us through the contact form.',
          'Technical data: a session cookie that keeps you logged in, the identifiers of your user and current organisation kept in your browser’s storage, and server logs (time, address and outcome of requests) that we keep for security.',
        ],
      },
      {
        heading: 'Why we use it',
        items: [
          'To provide the service you asked for: your account, your organisations, the shared canvas and invitations (performance of our contract with you).',
          'To send the e-mails the service needs: confirmation links, password resets, invitations and answers to your messages.',
          'To keep the service secure and working: detecting abuse, investigating errors and protecting accounts (our legitimate interest).',
          'To meet legal obligations, for example bookkeeping for paid plans.',
        ],
        paragraphs: ['We do not sell personal data, we do not show advertising and we do not use your canvas content to profile you.'],
      },
      {
        heading: 'Who can see your data',
        items: [
          'Members of your organisation, according to their role. Limited members do not see sensitive data.',
          'Advisor companies your family invites, and only the canvas sections your family shares with them. A family can change or withdraw that access at any time.',
          'Other users, for your e-mail, phone and address, according to your privacy settings: only me, direct contacts, or everyone.',
          'Our service providers, who process data on our behalf under contract: Amazon Web Services for hosting, the database and e-mail delivery, in the European Union (Frankfurt region).',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'Account and organisation data are kept while your account exists. Confirmation links and invitations expire after 14 days and are then deleted. Sessions end after a period of inactivity. Contact messages are kept for up to two years. When you delete your account we delete or anonymise your personal data within 30 days, except where the law requires us to keep it longer.',
        ],
      },
      {
        heading: 'How we protect it',
        paragraphs: [
          'Data is encrypted in transit and at rest. Passwords are hashed in your browser and hashed again on our servers. Links and tokens sent by e-mail are stored only as hashes. The session cookie cannot be read by scripts. Access by our staff is limited to what is needed to run the service.',
        ],
      },
      {
        heading: 'Your rights',
        items: [
          'See the data we hold about you and receive a copy in a portable format.',
          'Correct data that is wrong, most of it directly in your profile.',
          'Have your data deleted, or its use restricted.',
          'Object to processing based on our legitimate interest.',
          'Complain to your data protection supervisory authority.',
        ],
        paragraphs: ['To use these rights, write to us through the contact form. We answer within one month.'],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Family Canvas is not directed at children under 13, and children under 13 may not create an account. We do not knowingly collect personal data from children under 13. If you believe a child under 13 has given us personal data, contact us and we will delete it. Teenagers aged 13 or older may use Family Canvas as members of their family’s organisation with the consent of a parent or guardian where the law of their country requires it.',
        ],
      },
      {
        heading: 'Cookies and browser storage',
        paragraphs: [
          'We use one essential cookie to keep you logged in, and your browser’s storage to remember your user, your current organisation and the page to return to. We use no tracking or advertising cookies, so there is nothing to consent to beyond using the service.',
        ],
      },
      {
        heading: 'Changes to this policy',
        paragraphs: [
          'When we change this policy we publish the new version here with its date. If the change is significant we tell you by e-mail or in the application before it takes effect.',
        ],
      },
    ],
  } satisfies LegalDocument,

  terms: {
    title: 'Terms of use',
    lastUpdated: '1 November 2026',
    intro:
      'These terms govern your use of Family Canvas, the planning application operated by Family Canvas Ltd. By creating an account or using the application you agree to them. Please read them together with our privacy policy.',
    sections: [
      {
        heading: 'Your account',
        items: [
          'You must be at least 13 years old to create an account, and have the consent of a parent or guardian where the law of your country requires it.',
          'Give accurate information, confirm your e-mail address and keep your password to yourself. You are responsible for what happens under your account.',
          'Tell us through the contact form if you think someone else has used your account.',
        ],
      },
      {
        heading: 'Families, advisor companies and roles',
        items: [
          'Families and advisor companies are organisations within Family Canvas. The person who creates one becomes its owner.',
          'Owners and administrators decide who joins their organisation and which role each member has. They are responsible for keeping membership up to date.',
          'A family decides which advisor companies may work on its canvas and which sections they may see. Advisor companies must use what they see only to serve that family.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'What you and your family write on the canvas remains yours. You give us the permission we need to store it, show it to the people your organisation allows, and keep backups, and nothing more. You are responsible for having the right to share what you write, including information about other people.',
        ],
      },
      {
        heading: 'Acceptable use',
        items: [
          'Do not use Family Canvas for anything unlawful, harassing or deceptive.',
          'Do not try to access data of organisations you do not belong to, or to test, probe or overload our systems without our written permission.',
          'Do not send invitations to people who have not agreed to hear from you.',
        ],
      },
      {
        heading: 'No professional advice',
        paragraphs: [
          'Family Canvas is a tool for organising conversations and plans. It does not give legal, tax, financial or investment advice. Advisor companies that use Family Canvas act on their own responsibility and under their own agreements with the families they serve.',
        ],
      },
      {
        heading: 'Availability and changes',
        paragraphs: [
          'We work to keep Family Canvas available and your data safe, but we cannot promise uninterrupted service. We may improve or change features; if a change takes away something important, we tell you in advance. Any paid plan and its price are shown to you before you agree to it.',
        ],
      },
      {
        heading: 'Ending your use',
        paragraphs: [
          'You can stop using Family Canvas and ask us to delete your account at any time. We may suspend or close an account that seriously or repeatedly breaks these terms, and will tell you why unless the law prevents it.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We are responsible for harm we cause through intent or gross negligence, and as mandatory law provides. Beyond that, and as far as the law allows, we are not liable for indirect losses or for decisions taken on the basis of content in a canvas.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms. We publish the new version here with its date and tell you about significant changes before they take effect. If you do not agree, you may close your account.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Questions about these terms? Write to us through the contact form.'],
      },
    ],
  } satisfies LegalDocument,
} as const;
