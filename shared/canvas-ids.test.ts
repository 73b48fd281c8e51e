import { describe, expect, it } from 'vitest';
import { categoryIdOf, contentIdOf, familyOfCategoryId, familyOfContentId, familyOfSectionId, parseQuestionId, questionIdOf, sectionIdOf } from './canvas-ids';

describe('canvas ids', () => {
  it('derive the family from section and category numbers', () => {
    expect(sectionIdOf(42, 3)).toBe(42003);
    expect(familyOfSectionId(42003)).toBe(42);
    expect(categoryIdOf(42, 101)).toBe(42101);
    expect(familyOfCategoryId(42101)).toBe(42);
  });

  it('tell sections from categories', () => {
    expect(familyOfCategoryId(42003)).toBeUndefined();
    expect(familyOfSectionId(42101)).toBeUndefined();
    expect(familyOfSectionId(42000)).toBeUndefined();
    expect(familyOfSectionId(999)).toBeUndefined();
    expect(familyOfCategoryId(-42101)).toBeUndefined();
    expect(familyOfCategoryId(1.5)).toBeUndefined();
  });

  it('carry the category in a question id', () => {
    expect(questionIdOf(42101, 2)).toBe('42101.2');
    expect(parseQuestionId('42101.2')).toEqual({ familyId: 42, categoryId: 42101 });
    for (const bad of ['42101', '42101.0', '42101.10', '42003.1', 'x.1', '042101.1', '42101.1 ']) expect(parseQuestionId(bad), bad).toBeUndefined();
  });

  it('carry the family in a content id', () => {
    const id = contentIdOf(42, 'a'.repeat(32));
    expect(familyOfContentId(id)).toBe(42);
    for (const bad of ['42', `42.${'a'.repeat(31)}`, `42.${'A'.repeat(32)}`, `0.${'a'.repeat(32)}`, `-1.${'a'.repeat(32)}`, `42.${'a'.repeat(32)}.1`]) {
      expect(familyOfContentId(bad), bad).toBeUndefined();
    }
  });
});
