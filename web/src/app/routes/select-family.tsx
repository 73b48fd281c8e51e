import { SelectEntityPage } from './select-entity-page';

/** /select-family (spec 02 §2 selectFamilyPage): the family that accepts an advisor company's invitation. */
export function Component() {
  return <SelectEntityPage kind="family" />;
}
