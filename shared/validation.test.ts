import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ContactFormRequest } from './contracts/contact';
import { countries, isCountryCode } from './countries';
import {
  clearable,
  countryField,
  domainField,
  domainHost,
  emailField,
  isEmailAddress,
  longTextField,
  loneSurrogatePattern,
  nameField,
  passwordPattern,
  phoneField,
  postalCodeField,
} from './validation';

describe('password rule (docs/product/accounts.md#validation)', () => {
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

describe('control characters', () => {
  it('refuses a NUL in an e-mail and in a name', () => {
    expect(emailField().safeParse('ada\u0000@example.com').success).toBe(false);
    expect(
      ContactFormRequest.safeParse({
        firstName: 'Ad\u0007a',
        lastName: 'Lovelace',
        email: 'a@b.co',
        subject: 'Hello',
        message: 'Line one\nline two',
      }).error?.issues.map((i) => i.path[0]),
    ).toEqual(['firstName']);
  });
});

describe('contact form contract', () => {
  it('trims the names and requires three characters after trimming', () => {
    const result = ContactFormRequest.safeParse({ firstName: '  Al ', lastName: 'Lovelace', email: 'a@b.co', subject: 'Hello', message: 'Hi there' });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['firstName']);
  });
  it('refuses unknown fields', () => {
    const result = ContactFormRequest.safeParse({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'a@b.co',
      subject: 'Hello',
      message: 'Hi there',
      admin: true,
    });
    expect(result.success).toBe(false);
  });
});

describe('profile and address fields (docs/product/accounts.md#validation)', () => {
  it.each(['030 123456', '+44 (20) 7946-0958', '112', '0049.30/1234'])('accepts the phone %s', (phone) => {
    expect(phoneField().safeParse(phone).success).toBe(true);
  });
  it.each(['12', '+', 'call me', '+1 234 567 890 123 456 7', '++49 30'])('refuses the phone %s', (phone) => {
    expect(phoneField().safeParse(phone).error?.issues[0]?.message).toBe('forms.errorMessages.phone');
  });
  it.each(['10115', 'SW1A 1AA', '1234 AB', '12345-6789', 'K1A 0B1'])('accepts the postal code %s', (code) => {
    expect(postalCodeField().safeParse(code).success).toBe(true);
  });
  it.each(['1', '!!', '-1234', '12345678901'])('refuses the postal code %s', (code) => {
    expect(postalCodeField().safeParse(code).success).toBe(false);
  });
  it('accepts ISO country codes only, upper-casing them', () => {
    expect(countryField().parse(' de ')).toBe('DE');
    expect(countryField().safeParse('XX').success).toBe(false);
    expect(countryField().safeParse('Germany').success).toBe(false);
  });
  it('reads a domain or URL and its host', () => {
    expect(domainField().safeParse('https://www.example.com/about').success).toBe(true);
    expect(domainField().safeParse('not a domain').success).toBe(false);
    expect(domainHost('https://WWW.Example.com:8443/about')).toBe('example.com');
  });
  it('lets a clearable field be absent, cleared with null or blank, or set', () => {
    const schema = z.strictObject({ phone: clearable(phoneField()) });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ phone: '  ' })).toEqual({ phone: null });
    expect(schema.parse({ phone: null })).toEqual({ phone: null });
    expect(schema.parse({ phone: ' 112 ' })).toEqual({ phone: '112' });
  });
});

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes once each', () => {
    expect(countries()).toHaveLength(249);
    expect(new Set(countries().map((c) => c.code)).size).toBe(249);
    expect(countries().every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 2)).toBe(true);
  });

  it("names every code from the runtime's CLDR data (none falls back to its code), sorted by name", () => {
    expect(countries().filter((c) => c.name === c.code)).toEqual([]);
    expect(countries()).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries()).toContainEqual({ code: 'AX', name: 'Åland Islands' });
    expect(countries()).toContainEqual({ code: 'CI', name: 'Côte d’Ivoire' });
    const names = countries().map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(countries()[0]?.code).toBe('AF');
  });

  it('accepts only assigned ISO codes, not the other regions CLDR names', () => {
    expect(isCountryCode('DE')).toBe(true);
    for (const notCountry of ['EU', 'XK', 'UN', 'ZZ', 'de']) expect(isCountryCode(notCountry), notCountry).toBe(false);
  });
});

describe('e-mail check in linear time', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.co', "o'hara@example.ie"])('accepts %s', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada@.com', 'ada@example.', 'a@b@example.com', 'ada @example.com', 'ada@exa\u0000mple.com'])(
    'refuses %j',
    (email) => {
      expect(isEmailAddress(email)).toBe(false);
    },
  );
  it('refuses a 64 KB value with many dots in milliseconds, as too long, without looking at its shape', () => {
    const hostile = `a@${'a.'.repeat(32_000)}@`;
    const startedAt = performance.now();
    const result = emailField().safeParse(hostile);
    expect(performance.now() - startedAt).toBeLessThan(50);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['forms.errorMessages.tooLong']);
  });
});

describe('single-line fields and lone surrogates', () => {
  it.each(['Ada\nLovelace', 'Ada\r\nBcc: x@example.com', 'Ada\u2028Lovelace', 'Ada\u202Eecalevol', 'Ada\u2066x', 'Ada\u200F'])(
    'nameField refuses %j as not one line',
    (value) => {
      expect(
        nameField()
          .safeParse(value)
          .error?.issues.map((issue) => issue.message),
      ).toEqual(['forms.errorMessages.singleLine']);
    },
  );
  it('keeps line breaks in multi-line text', () => {
    expect(longTextField().parse('First line\nSecond line')).toBe('First line\nSecond line');
  });
  it('refuses unpaired surrogates but keeps paired ones (emoji)', () => {
    expect(loneSurrogatePattern.test('Family \u{1F333}')).toBe(false);
    for (const value of ['\uD800', 'a\uDC00b', 'x\uDBFF']) expect(loneSurrogatePattern.test(value)).toBe(true);
    expect(longTextField().safeParse('Broken \uD800 text').success).toBe(false);
  });
});
