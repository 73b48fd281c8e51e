import { describe, expect, it } from 'vitest';
import type { Canvas } from '../../shared/contracts/canvas';
import { EntityType } from '../../shared/enums';
import { queryCanvas } from '../../functions/records/items';
import { roundTripCount } from '../../functions/lib/db/client';
import { signUpAndConfirm } from '../support/accounts';
import { expectError } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';

/**
 * (docs/product/accounts.md#a-new-family-starts-on-its-canvas): signing up
 * as a family, or creating a family, creates its canvas with the default name in the same
 * transaction; an advisor company gets none. The create-canvas offer stays for families made
 * before (tests/integration/canvas.test.ts).
 */

const stack = useIntegrationStack();

/** 1 canvas + 7 sections + 15 categories + 60 questions + the dashboard summary (besides visits). */
const canvasItems = 84;
const stored = async (familyId: number) => (await queryCanvas(familyId)).filter((item) => !String(item.SK).startsWith('C#VISIT#'));

/** The round trips of a canvas read after the first (which also records the visit): docs/architecture.md#budgets says 2. */
async function canvasRoundTrips(client: ApiClient): Promise<number> {
  expect((await client.call('getOwnCanvas')).status).toBe(200);
  const before = roundTripCount();
  expect((await client.call('getOwnCanvas')).status).toBe(200);
  return roundTripCount() - before;
}

describe('a new family starts on its canvas', () => {
  it('has its canvas from the signup, named after the family, and cannot create a second', async () => {
    const owner = await signUpAndConfirm(stack, { createEntityName: 'Okonkwo Family' });
    const read = await owner.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: owner.entityId, title: 'Okonkwo Family Canvas', abilities: { accessKind: 'own', canEditCanvas: true } });
    expect(read.body.sections).toHaveLength(7);
    expect(await stored(owner.entityId)).toHaveLength(canvasItems);
    expectError(await owner.client.call('createCanvas'), 9);
    expect(await canvasRoundTrips(owner.client)).toBeLessThanOrEqual(2);
  });

  it('takes the canvas name given at signup', async () => {
    const owner = await signUpAndConfirm(stack, { createEntityName: 'Ibarra Family', canvasName: 'Our Plan' });
    expect((await owner.client.call<'getOwnCanvas', Canvas>('getOwnCanvas')).body.title).toBe('Our Plan');
  });

  it('has its canvas when a signed-in person creates a family; an advisor company has none', async () => {
    const person = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Canvasless Advisors' });
    expect(await stored(person.entityId)).toHaveLength(0);
    const created = await person.client.call<'createEntity', { id: number }>('createEntity', {
      body: { entityTypeId: EntityType.Family, entityName: 'Second Family' },
    });
    expect(created.status).toBe(201);
    expect((await person.client.call('setCurrentEntity', { body: { id: created.body.id } })).status).toBe(200);
    const read = await person.client.call<'getOwnCanvas', Canvas>('getOwnCanvas');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, title: 'Second Family Canvas' });
    expect(await stored(created.body.id)).toHaveLength(canvasItems);

    const company = await person.client.call<'createEntity', { id: number }>('createEntity', {
      body: { entityTypeId: EntityType.AdvisorCompany, entityName: 'Third Advisors' },
    });
    expect(company.status).toBe(201);
    expect(await stored(company.body.id)).toHaveLength(0);
  });
});
