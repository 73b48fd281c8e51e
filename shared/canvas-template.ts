import { categoryIdOf, questionIdOf, sectionIdOf } from './canvas-ids';
import { CategoryType, SectionType, type CategoryTypeId, type SectionTypeId } from './enums';

/**
 * The default canvas every family starts with (docs/product/README.md#what-the-product-is, docs/product/canvas.md#screens): seven sections, one per
 * section type, in the order the canvas shows them. Sequence numbers are the positions
 * here; ids follow from them (shared/canvas-ids.ts): section n = its position (1–7),
 * category n = 100 + its position over the whole canvas (101–115), question n = 1–4.
 *
 * The timeline (3) is the arrow that runs through the past (4), the present (5) and the
 * future (6): each of those holds its own category, so a family can share, say, only its
 * plans for the future with an advisor. The timeline itself holds the Review category,
 * where the family looks at the whole journey; the custom section (7) starts with a
 * Review the family can make its own.
 */

/** Category n of the first category: categories are numbered 101, 102, … over the whole canvas. */
const firstCategoryN = 101;

/** docs/product/limits.md#canvas-limits: categories without a colour of their own are grey. */
export const defaultCategoryColor = 'A5A5A5';

/**
 * The default title of each category type, exactly as docs/product/canvas.md#fields lists them. Every
 * category of the template carries its type's title (both Review categories too).
 */
export const defaultCategoryTitles: Record<CategoryTypeId, string> = {
  [CategoryType.OurValues]: 'Our Values',
  [CategoryType.WhatWeDoBest]: 'What we do best',
  [CategoryType.HowWeHelpEachOther]: 'How We Help Each Other',
  [CategoryType.WhereWeCanImprove]: 'Where We Can Improve',
  [CategoryType.MeasuringProgress]: 'Measuring Progress',
  [CategoryType.Advisors]: 'Advisors',
  [CategoryType.Wealth]: 'Abundance of Wealth',
  [CategoryType.Time]: 'Time',
  [CategoryType.Relationships]: 'Relationships',
  [CategoryType.Purpose]: 'Purpose',
  [CategoryType.OurPast]: 'Our Past',
  [CategoryType.OurPresent]: 'Our Present',
  [CategoryType.OurFuture]: 'Our Future',
  [CategoryType.Review]: 'Review',
};

/** Four guiding questions per category type (docs/product/limits.md#canvas-limits), as a family-governance facilitator would ask them. */
export const guidingQuestions: Record<CategoryTypeId, readonly [string, string, string, string]> = {
  [CategoryType.OurValues]: [
    'Which values have guided our family across generations, and where do we still see them in how we live today?',
    'If our grandchildren described what our family stands for, what would we hope to hear?',
    'Which values do we all share, and where do our views honestly differ?',
    'How should our values show up in the decisions we make about money, time and each other?',
  ],
  [CategoryType.WhatWeDoBest]: [
    'What are we, as a family, proudest of having achieved together?',
    'Which strengths, talents and experience does each of us bring to the family?',
    'When have we worked together at our best, and what made it work?',
    'How could we put our strengths to use more deliberately in the years ahead?',
  ],
  [CategoryType.HowWeHelpEachOther]: [
    'How do we support one another in difficult times, and who tends to carry that load?',
    'What help would each of us like to receive from the family, and what can each of us offer?',
    'How do we welcome and involve in-laws and the younger generation?',
    'How do we make sure every voice is heard when we decide things together?',
  ],
  [CategoryType.WhereWeCanImprove]: [
    'Where do misunderstandings or tensions tend to arise in our family?',
    'Which conversations have we been putting off, and what would help us have them?',
    'How do we handle disagreement today, and how would we like to handle it?',
    'What is one habit we could change this year that would make the greatest difference?',
  ],
  [CategoryType.MeasuringProgress]: [
    'How will we know that our family is moving toward the goals we have set?',
    'Which few signs of progress matter most to us, beyond the financial figures?',
    'How often should we meet to review our progress, and who prepares those meetings?',
    'How will we celebrate what we achieve, and learn from what we do not?',
  ],
  [CategoryType.Advisors]: [
    'Which advisors work with our family today, and what does each of them do for us?',
    'What do we expect from our advisors, and how well are those expectations met?',
    'Where are we missing advice or expertise that we need?',
    'How should our advisors work with each other and with the next generation?',
  ],
  [CategoryType.Wealth]: [
    'What does wealth mean to our family beyond money?',
    'How do we want our financial wealth to serve the family now and in generations to come?',
    'How do we decide about spending, saving, investing and giving?',
    "What should each generation understand about the family's assets, and when should they learn it?",
  ],
  [CategoryType.Time]: [
    'How do we spend our time together today, and how would we like to spend it?',
    'Which traditions and gatherings are most precious to us?',
    'How do we balance work, personal life and time for the family?',
    'Which moments and stages of life ahead of us deserve our time and preparation?',
  ],
  [CategoryType.Relationships]: [
    'How would we describe the relationships within our family today?',
    'Which relationships, inside and outside the family, do we want to strengthen?',
    'How do we stay close across distances and generations?',
    'How do we rebuild trust when it has been strained?',
  ],
  [CategoryType.Purpose]: [
    'What gives each of us a sense of purpose and meaning?',
    'What do we want our family to contribute to our community and to the world?',
    'How can the family support each member in following their own calling?',
    'What legacy do we want to leave, and how can we begin building it today?',
  ],
  [CategoryType.OurPast]: [
    "Which stories from our family's history should every generation know?",
    'Which people and events shaped who we are today?',
    'What hardships have we overcome, and what did they teach us?',
    'What do we want to carry forward from our past, and what do we want to leave behind?',
  ],
  [CategoryType.OurPresent]: [
    'Where does our family stand today: what is working well, and what is not?',
    'What are the most important decisions in front of us right now?',
    'How are responsibilities shared among us today, and does that feel fair?',
    'What worries us most at present, and what gives us the most confidence?',
  ],
  [CategoryType.OurFuture]: [
    'Where do we want our family to be in ten years, and in twenty-five?',
    'How will we prepare the next generation for the roles and responsibilities ahead?',
    'Which changes, in our family, our business or the world, do we need to plan for?',
    'What is the first step we can take together toward the future we want?',
  ],
  [CategoryType.Review]: [
    'Looking at what we have written on this canvas, what has changed for our family since we last sat down together?',
    'Which of our goals and action points are on track, and which have stalled? What is holding them back?',
    'What have we learned about working together as a family through this process?',
    'When will we next review our canvas, and who will bring us together to do it?',
  ],
};

export type CategoryTemplate = {
  categoryTypeId: CategoryTypeId;
  title: string;
  /** Hex colour without '#', as docs/product/limits.md#canvas-limits writes it. */
  colorCode: string;
};

const category = (categoryTypeId: CategoryTypeId, colorCode: string): CategoryTemplate => ({
  categoryTypeId,
  title: defaultCategoryTitles[categoryTypeId],
  colorCode,
});

export type SectionTemplate = {
  sectionTypeId: SectionTypeId;
  title: string;
  categories: readonly CategoryTemplate[];
};

export const canvasTemplate: readonly SectionTemplate[] = [
  {
    sectionTypeId: SectionType.FamilyCouncil,
    title: 'Family Council',
    categories: [
      category(CategoryType.OurValues, '3A6EA5'),
      category(CategoryType.WhatWeDoBest, 'E07A5F'),
      category(CategoryType.HowWeHelpEachOther, '81B29A'),
      category(CategoryType.WhereWeCanImprove, 'F2CC8F'),
      category(CategoryType.MeasuringProgress, '5E548E'),
      category(CategoryType.Advisors, '4EA8DE'),
    ],
  },
  {
    // A 2x2 grid around the centre image, in reading order.
    sectionTypeId: SectionType.FourAbundances,
    title: 'The Four Abundances',
    categories: [
      category(CategoryType.Wealth, '2A9D8F'),
      category(CategoryType.Time, 'E9C46A'),
      category(CategoryType.Relationships, 'D1495B'),
      category(CategoryType.Purpose, '8E7DBE'),
    ],
  },
  {
    sectionTypeId: SectionType.Timeline,
    title: 'Our Timeline',
    categories: [category(CategoryType.Review, '6D597A')],
  },
  {
    sectionTypeId: SectionType.Past,
    title: 'The Past',
    categories: [category(CategoryType.OurPast, '9C6644')],
  },
  {
    sectionTypeId: SectionType.Present,
    title: 'The Present',
    categories: [category(CategoryType.OurPresent, 'B5838D')],
  },
  {
    sectionTypeId: SectionType.Future,
    title: 'The Future',
    categories: [category(CategoryType.OurFuture, '43AA8B')],
  },
  {
    sectionTypeId: SectionType.Custom,
    title: 'Our Own Topics',
    categories: [category(CategoryType.Review, defaultCategoryColor)],
  },
];

export type TemplateSection = { id: number; sectionTypeId: SectionTypeId; title: string; sequenceNumber: number };
export type TemplateCategory = CategoryTemplate & { id: number; sectionId: number; sequenceNumber: number };
export type TemplateQuestion = { id: string; categoryId: number; sectionId: number; text: string; sequenceNumber: number };

/** The default canvas of one family with its ids: sections, categories and questions in canvas order. */
export function expandCanvasTemplate(familyId: number): { sections: TemplateSection[]; categories: TemplateCategory[]; questions: TemplateQuestion[] } {
  const sections: TemplateSection[] = [];
  const categories: TemplateCategory[] = [];
  const questions: TemplateQuestion[] = [];
  canvasTemplate.forEach((section, sectionIndex) => {
    const sectionId = sectionIdOf(familyId, sectionIndex + 1);
    sections.push({ id: sectionId, sectionTypeId: section.sectionTypeId, title: section.title, sequenceNumber: sectionIndex + 1 });
    section.categories.forEach((category, categoryIndex) => {
      const categoryId = categoryIdOf(familyId, firstCategoryN + categories.length);
      categories.push({ ...category, id: categoryId, sectionId, sequenceNumber: categoryIndex + 1 });
      guidingQuestions[category.categoryTypeId].forEach((text, questionIndex) => {
        questions.push({ id: questionIdOf(categoryId, questionIndex + 1), categoryId, sectionId, text, sequenceNumber: questionIndex + 1 });
      });
    });
  });
  return { sections, categories, questions };
}
