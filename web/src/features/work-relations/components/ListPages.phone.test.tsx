import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdvisorCompanyRow } from '../../../../../shared/contracts/work-relations';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { familyEntity, renderPage } from '../testing/render';
import { CompaniesPage } from './CompaniesPage';

let restore = () => undefined as void;
afterEach(() => restore());

const companyRow = (overrides: Partial<AdvisorCompanyRow> = {}): AdvisorCompanyRow => ({
  id: 30,
  entityName: 'Ledger Advisors',
  owners: 'Otto Ledger',
  subscriptionPlan: null,
  limitedCanvasSharings: [],
  limitedCanvasSectionIds: [],
  accessUntil: null,
  ...overrides,
});

const ada = {
  id: 'u-ada',
  memberName: 'Ada Byron',
  firstName: 'Ada',
  lastName: 'Byron',
  prefix: null,
  entityId: 30,
  entityName: 'Ledger Advisors',
  email: null,
  phoneNumber: '+41 1',
  companyPosition: null,
  entityRoleId: 3,
  workRelationRoleId: 1,
  addresses: [],
};

describe('the advisor tables on a phone (docs/product/shell.md "Tables on phones")', () => {
  it('shows companies and advisors as cards with their actions visible', async () => {
    const undo = asPhone();
    const api = fakeApi({
      'GET /addresses/countries': ok([]),
      'POST /work-relation/list-advisor-companies': ok([
        companyRow(),
        companyRow({ id: 31, entityName: 'Second Opinion', limitedCanvasSharings: ['Family Council'] }),
      ]),
      'POST /entity-member/list-advisors': ok([ada]),
      'GET /entity-member/advisor/u-ada': ok({ ...ada, companyPosition: 'Planner' }),
    });
    restore = () => {
      api.restore();
      undo();
    };
    const { user } = renderPage(<CompaniesPage />, { path: '/companies', route: '/companies', entity: familyEntity() });
    const companies = await screen.findByTestId('companies-table');
    expect(within(companies).queryByRole('table')).not.toBeInTheDocument();
    const cards = within(companies).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Second Opinion');
    expect(cards[1]).toHaveTextContent('Family Council');
    expect(within(cards[0]!).getAllByRole('button').length).toBeGreaterThan(0);

    const advisors = await screen.findByTestId('advisors-table');
    const [card] = within(advisors).getAllByRole('listitem');
    expect(card).toHaveTextContent('Full access');
    await user.click(within(card!).getByRole('button', { name: 'Open Ada Byron' }));
    expect(await screen.findByRole('dialog', { name: 'Advisor' })).toBeInTheDocument();
  });
});
