import { describe, expect, it } from 'vitest';
import { ContactFormRequest } from './contracts/contact';
import { emailField, passwordPattern } from './validation';

describe('password rule (spec 01 §5)', () => {
  it.each(['Abcdef1!', 'Zz9_zzzz', 'Qwerty12-', 'A1b2c3d4?'])('accepts %s', (password) => {
    expect(passwordPattern.test(password)).toBe(true);
  });
  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase', 'abcdef1!'],
    ['no lowercase', 'ABCDEF1!'],
    ['no digit', 'Abcdefg!'],
    ['no special', 'Abcdefg1'],
    ['a special character outside the list', 'Abcdef1!+'],
    ['a space', 'Abcdef1! '],
  ])('refuses %s', (_label, password) => {
    expect(passwordPattern.test(password)).toBe(false);
  });
});

describe('e-mail field', () => {
  it('trims and lower-cases', () => {
    expect(emailField().parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('refuses a value without a domain with the pattern message', () => {
    const result = emailField().safeParse('ada@');
    expect(result.error?.issues[0]?.message).toBe('forms.errorMessages.email');
  });
});

describe('contact form contract', () => {
  it('trims the names and requires three characters after trimming', () => {
    const result = ContactFormRequest.safeParse({ firstName: '  Al ', lastName: 'Lovelace', email: 'a@b.co', subject: 'Hello', message: 'Hi there' });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['firstName']);
  });
  it('refuses unknown fields', () => {
    const result = ContactFormRequest.safeParse({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.co', subject: 'Hello', message: 'Hi there', admin: true });
    expect(result.success).toBe(false);
  });
});
