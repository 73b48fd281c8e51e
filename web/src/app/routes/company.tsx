import { useParams } from 'react-router';
import { EntityPage } from '../../features/work-relations/components/EntityPage';
import { WorkRelationLinksProvider } from '../../features/work-relations/hooks/use-work-relation-links';
import { renderNotes } from './entity-notes';
import { workRelationLinks } from './work-relation-links';

/** docs/product/work-relations.md#family-page-and-company-page: /company/{entityId}/{familyId?}; the guard has checked the ids. */
export function Component() {
  const { entityId, familyId } = useParams();
  return (
    <WorkRelationLinksProvider links={workRelationLinks}>
      <EntityPage
        key={`${entityId}/${familyId ?? ''}`}
        kind="company"
        entityId={Number(entityId)}
        familyId={familyId === undefined ? undefined : Number(familyId)}
        renderNotes={renderNotes}
      />
    </WorkRelationLinksProvider>
  );
}
