import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AppError } from './errors';
import { errorResponse, fieldErrorsFrom } from './http';

describe('error mapping', () => {
  it('turns an AppError into the catalogue body with its status', () => {
    const response = errorResponse(new AppError('SIGNUP_EMAIL_IN_USE', { errors: { email: ['in use'] } }));
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body as string)).toEqual({ errorCode: 10, errors: { email: ['in use'] }, message: 'Email is already in use' });
    expect(response.headers?.['x-content-type-options']).toBe('nosniff');
  });

  it('names fields of a zod error by their path and reports unknown keys', () => {
    const schema = z.strictObject({ email: z.string().min(3, { error: 'too short' }), address: z.object({ city: z.string() }) });
    const result = schema.safeParse({ email: 'a', address: { city: 3 }, extra: true });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFrom(result.error!, 'body');
    expect(errors.email).toEqual(['too short']);
    expect(errors['address.city']).toHaveLength(1);
    expect(errors.extra).toEqual(['forms.errorMessages.unknownField']);
  });

  it('names unknown keys with their path, whatever they are called', () => {
    const schema = z.strictObject({ filterBy: z.strictObject({ entityId: z.number().optional() }).optional() });
    const result = schema.safeParse(JSON.parse('{"__proto__": 1, "constructor": 2, "filterBy": {"$ne": null}}'));
    expect(result.success).toBe(false);
    const errors = fieldErrorsFrom(result.error!, 'body');
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'filterBy.$ne']);
    expect(JSON.parse(JSON.stringify(errors))).toHaveProperty(['filterBy.$ne'], ['forms.errorMessages.unknownField']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it('puts a root-level problem under the fallback field', () => {
    const result = z.object({ a: z.string() }).safeParse('text');
    expect(Object.keys(fieldErrorsFrom(result.error!, 'body'))).toEqual(['body']);
  });
});
