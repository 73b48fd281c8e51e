import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api';
import { asPhone } from '../../../testing/phone';
import { aCompanyRow as companyRow, anAdvisor } from '../testing/fixtures';
import { familyEntity, renderPage } from '../testing/render';
import { CompaniesPage } from './CompaniesPage';

let restore = () => undefined as void;
afterEach(() => restore());

const ada = anAdvisor();

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
