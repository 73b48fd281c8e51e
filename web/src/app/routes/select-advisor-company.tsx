import { SelectEntityPage } from './select-entity-page';

/** /select-advisor-company (spec 02 §2 selectAdvisorCompanyPage): the advisor company that accepts a family's invitation. */
export function Component() {
  return <SelectEntityPage kind="advisor" />;
}
