import { FamiliesPage } from '../../features/work-relations/components/FamiliesPage';
import { WorkRelationLinksProvider } from '../../features/work-relations/hooks/use-work-relation-links';
import { workRelationLinks } from './work-relation-links';

/** docs/product/work-relations.md#families-list: the advisor company's families and their members. */
export function Component() {
  return (
    <WorkRelationLinksProvider links={workRelationLinks}>
      <FamiliesPage />
    </WorkRelationLinksProvider>
  );
}
