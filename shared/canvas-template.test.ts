import { describe, expect, it } from 'vitest';
import { familyOfCategoryId, familyOfSectionId, parseQuestionId } from './canvas-ids';
import { canvasTemplate, defaultCategoryColor, expandCanvasTemplate, guidingQuestions } from './canvas-template';
import { CategoryType, SectionType } from './enums';

describe('the default canvas', () => {
  const canvas = expandCanvasTemplate(7);

  it('has one section of every type, in order', () => {
    expect(canvas.sections.map((s) => s.sectionTypeId)).toEqual(Object.values(SectionType));
    expect(canvas.sections.map((s) => s.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(canvas.sections.every((s) => familyOfSectionId(s.id) === 7)).toBe(true);
  });

  it('gives the family council six categories and the four abundances four', () => {
    const titlesOf = (sectionTypeId: number) => {
      const section = canvas.sections.find((s) => s.sectionTypeId === sectionTypeId);
      return canvas.categories.filter((c) => c.sectionId === section?.id).map((c) => c.title);
    };
    // docs/product/canvas.md#fields lists the default titles exactly so.
    expect(titlesOf(SectionType.FamilyCouncil)).toEqual([
      'Our Values',
      'What we do best',
      'How We Help Each Other',
      'Where We Can Improve',
      'Measuring Progress',
      'Advisors',
    ]);
    expect(titlesOf(SectionType.FourAbundances)).toEqual(['Abundance of Wealth', 'Time', 'Relationships', 'Purpose']);
    expect(titlesOf(SectionType.Timeline)).toEqual(['Review']);
    expect(titlesOf(SectionType.Custom)).toEqual(['Review']);
    expect(titlesOf(SectionType.Past)).toEqual(['Our Past']);
    expect(titlesOf(SectionType.Present)).toEqual(['Our Present']);
    expect(titlesOf(SectionType.Future)).toEqual(['Our Future']);
    expect(canvas.categories.filter((c) => c.categoryTypeId === CategoryType.Review)).toHaveLength(2);
  });

  it('numbers categories from 101 and keeps every id unique and within its range', () => {
    expect(canvas.categories.map((c) => c.id)).toEqual(canvas.categories.map((_, index) => 7101 + index));
    expect(canvas.categories.every((c) => familyOfCategoryId(c.id) === 7)).toBe(true);
    expect(new Set(canvas.questions.map((q) => q.id)).size).toBe(canvas.questions.length);
  });

  it('asks four distinct questions in every category, and uses every category type', () => {
    for (const category of canvas.categories) {
      const questions = canvas.questions.filter((q) => q.categoryId === category.id);
      expect(questions.map((q) => q.sequenceNumber)).toEqual([1, 2, 3, 4]);
      expect(questions.every((q) => parseQuestionId(q.id)?.categoryId === category.id && q.sectionId === category.sectionId)).toBe(true);
    }
    for (const questions of Object.values(guidingQuestions)) {
      expect(new Set(questions).size).toBe(4);
      expect(questions.every((q) => q.endsWith('?') && q.length < 200)).toBe(true);
    }
    expect(new Set(canvas.categories.map((c) => c.categoryTypeId))).toEqual(new Set(Object.values(CategoryType)));
  });

  it('colours categories with distinct hex colours, grey by default', () => {
    const colors = canvasTemplate.flatMap((s) => s.categories.map((c) => c.colorCode));
    expect(colors.every((color) => /^[0-9A-F]{6}$/.test(color))).toBe(true);
    expect(new Set(colors).size).toBe(colors.length);
    expect(colors).toContain(defaultCategoryColor);
  });
});
