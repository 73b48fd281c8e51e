/** The texts of the plan book (a PDF of the canvas). Spread into `messages` in en-US.ts. */
export const planBookMessages = {
  'planBook.menu': 'Plan book',
  'planBook.openFor': 'Plan book of {name}',
  'planBook.title': 'Plan book',
  'planBook.description': 'A PDF of the canvas to print, file or take to a meeting: the sections you choose, with their takeaways, goals and action points.',
  'planBook.sections': 'Sections',
  'planBook.all': 'All',
  'planBook.none': 'None',
  'planBook.includeAnswers': 'Include the questions and answers',
  'planBook.noSection': 'Choose at least one section.',
  'planBook.make': 'Download PDF',
  'planBook.making': 'Making the plan book…',
  'planBook.done': 'The plan book is downloaded.',
  'planBook.failed': 'The plan book could not be made. Please try again.',
  'planBook.cancel': 'Cancel',
  'planBook.close': 'Close',
} as const;
