import { describe, expect, it } from 'vitest';
import { groupVisits } from './access-log';
import type { AccessRecordItem } from '../../records/visits';

const record = (overrides: Partial<AccessRecordItem> & Pick<AccessRecordItem, 'firstDate' | 'lastDate'>): AccessRecordItem => ({
  type: 'AccessRecord',
  familyId: 7,
  userId: 'u-ada',
  entityId: 30,
  sectionId: 1,
  sectionTitle: 'Family Council',
  kind: 'read',
  hour: overrides.firstDate.slice(0, 13),
  count: 1,
  expiresAt: 0,
  ...overrides,
});

describe('groupVisits', () => {
  it('joins one advisor’s records less than 30 minutes apart, across hours, and lists each section once', () => {
    const visits = groupVisits([
      record({ firstDate: '2026-03-10T09:50:00.000Z', lastDate: '2026-03-10T09:58:00.000Z' }),
      record({ sectionId: 2, sectionTitle: 'Assets', firstDate: '2026-03-10T09:52:00.000Z', lastDate: '2026-03-10T09:52:00.000Z' }),
      record({ firstDate: '2026-03-10T10:20:00.000Z', lastDate: '2026-03-10T10:25:00.000Z', count: 2 }),
      record({ sectionId: 2, sectionTitle: 'Assets', kind: 'export', firstDate: '2026-03-10T10:26:00.000Z', lastDate: '2026-03-10T10:26:00.000Z' }),
    ]);
    expect(visits).toEqual([
      {
        userId: 'u-ada',
        entityId: 30,
        familyId: 7,
        firstDate: '2026-03-10T09:50:00.000Z',
        lastDate: '2026-03-10T10:26:00.000Z',
        count: 5,
        sections: [
          { sectionId: 2, sectionTitle: 'Assets', kind: 'export' },
          { sectionId: 2, sectionTitle: 'Assets', kind: 'read' },
          { sectionId: 1, sectionTitle: 'Family Council', kind: 'read' },
        ],
      },
    ]);
  });

  it('starts a new visit after a gap of 30 minutes, and keeps advisors and families apart; newest first', () => {
    const visits = groupVisits([
      record({ firstDate: '2026-03-10T09:00:00.000Z', lastDate: '2026-03-10T09:10:00.000Z' }),
      record({ firstDate: '2026-03-10T10:40:00.000Z', lastDate: '2026-03-10T10:40:00.000Z' }),
      record({ userId: 'u-bob', firstDate: '2026-03-10T09:05:00.000Z', lastDate: '2026-03-10T09:20:00.000Z' }),
      record({ familyId: 8, firstDate: '2026-03-10T09:12:00.000Z', lastDate: '2026-03-10T09:15:00.000Z' }),
    ]);
    expect(visits.map((visit) => `${visit.familyId}:${visit.userId}:${visit.firstDate.slice(11, 16)}-${visit.lastDate.slice(11, 16)}`)).toEqual([
      '7:u-ada:10:40-10:40',
      '7:u-bob:09:05-09:20',
      '8:u-ada:09:12-09:15',
      '7:u-ada:09:00-09:10',
    ]);
    // Exactly 30 minutes apart is a new visit; 29 is the same one.
    expect(
      groupVisits([
        record({ firstDate: '2026-03-10T09:00:00.000Z', lastDate: '2026-03-10T09:00:00.000Z' }),
        record({ firstDate: '2026-03-10T09:30:00.000Z', lastDate: '2026-03-10T09:30:00.000Z' }),
      ]),
    ).toHaveLength(2);
    expect(
      groupVisits([
        record({ firstDate: '2026-03-10T09:00:00.000Z', lastDate: '2026-03-10T09:00:00.000Z' }),
        record({ firstDate: '2026-03-10T09:29:00.000Z', lastDate: '2026-03-10T09:29:00.000Z' }),
      ]),
    ).toHaveLength(1);
  });
});
