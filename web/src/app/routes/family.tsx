import { useParams } from 'react-router';
import { EntityPage } from '../../features/work-relations/components/EntityPage';
import { WorkRelationLinksProvider } from '../../features/work-relations/hooks/use-work-relation-links';
import { renderNotes } from './entity-notes';
import { workRelationLinks } from './work-relation-links';

/** docs/product/work-relations.md#family-page-and-company-page: /family/{entityId}; the guard has checked the id. */
export function Component() {
  const { entityId } = useParams();
  return (
    <WorkRelationLinksProvider links={workRelationLinks}>
      <EntityPage key={entityId} kind="family" entityId={Number(entityId)} renderNotes={renderNotes} />
    </WorkRelationLinksProvider>
  );
}
