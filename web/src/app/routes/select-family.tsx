import { SelectEntityPage } from './select-entity-page';

/** /select-family (docs/product/invitations.md#select-pages): the family that accepts an advisor company's invitation. */
export function Component() {
  return <SelectEntityPage kind="family" />;
}
