import { CompaniesPage } from '../../features/work-relations/components/CompaniesPage';
import { WorkRelationLinksProvider } from '../../features/work-relations/hooks/use-work-relation-links';
import { workRelationLinks } from './work-relation-links';

/** docs/product/work-relations.md#advisor-companies-list: the family's advisor companies and all their advisors. */
export function Component() {
  return (
    <WorkRelationLinksProvider links={workRelationLinks}>
      <CompaniesPage />
    </WorkRelationLinksProvider>
  );
}
