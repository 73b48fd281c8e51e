import { SelectEntityPage } from './select-entity-page';

/** /select-advisor-company (docs/product/invitations.md#select-pages): the advisor company that accepts a family's invitation. */
export function Component() {
  return <SelectEntityPage kind="advisor" />;
}
