import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AppError } from '../lib/errors';
import { canvasTakeawayRoutes } from '../../shared/routes/canvas-takeaway';
import { canvasTakeawayContract } from '../../shared/api-contract/canvas-takeaway';
import { bindingProblems, createGroupHandler as createPlainGroupHandler, errorResponse, fieldErrorsFrom } from './http';
// The takeaway group has routes that take an Idempotency-Key: its handler is built with the runner.
import { createGroupHandler } from './idempotency';

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

describe('group handler binding', () => {
  const answer = async () => ({ status: 204 });
  const manifestNames = canvasTakeawayRoutes.routes.map((route) => route.name);

  it('accepts a handler that binds exactly the routes of its manifest group', () => {
    expect(bindingProblems(canvasTakeawayRoutes, manifestNames)).toEqual({ unknown: [], missing: [] });
  });

  it('refuses a handler that binds a route the manifest does not have, or leaves one out', () => {
    const routes = { ...Object.fromEntries(manifestNames.map((name) => [name, answer])), getTakeawayColour: answer };
    expect(bindingProblems(canvasTakeawayRoutes, Object.keys(routes))).toEqual({ unknown: ['getTakeawayColour'], missing: [] });
    // @ts-expect-error: the manifest has no route getTakeawayColour in this group.
    expect(() => createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, canvasTakeawayContract, routes)).toThrow(/getTakeawayColour/);
    const withoutOne = Object.fromEntries(manifestNames.slice(1).map((name) => [name, answer]));
    expect(bindingProblems(canvasTakeawayRoutes, Object.keys(withoutOne))).toEqual({ unknown: [], missing: [manifestNames[0]] });
    // @ts-expect-error: every route of the group must be bound.
    expect(() => createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, canvasTakeawayContract, withoutOne)).toThrow(new RegExp(manifestNames[0]!));
  });

  it("refuses a group contract that lacks a manifest route's entry, or has another group's", () => {
    // Bound to a stub each (types aside): only the contract's entries are under test here.
    const routes = Object.fromEntries(manifestNames.map((name) => [name, answer])) as never;
    expect(() => createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, canvasTakeawayContract, routes)).not.toThrow();
    const [first, ...rest] = manifestNames;
    const lacking = Object.fromEntries(rest.map((name) => [name, canvasTakeawayContract[name]]));
    // @ts-expect-error: the group's contract needs an entry for every route of the group.
    expect(() => createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, lacking, routes)).toThrow(new RegExp(`none for \\[${first}\\]`));
    const withOther = { ...canvasTakeawayContract, createGoal: {} };
    expect(() => createGroupHandler('canvas-takeaway', canvasTakeawayRoutes, withOther, routes)).toThrow(/not in the manifest \[createGoal\]/);
  });

  it('refuses a group with routes that take an Idempotency-Key when it is built without the runner', () => {
    const routes = Object.fromEntries(manifestNames.map((name) => [name, answer])) as never;
    expect(() => createPlainGroupHandler('canvas-takeaway', canvasTakeawayRoutes, canvasTakeawayContract, routes)).toThrow(
      /Idempotency-Key \[createTakeaway, addTakeawayVote\] and no idempotency runner/,
    );
  });
});
