import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/ui/StateMessage';
import type { NotesTabProps } from '../../features/work-relations/components/EntityPage';
import { t } from '../../messages/en-US';

/** The notes feature (and tiptap with it) loads only when a Notes tab opens. */
const PrivateNotes = lazy(() => import('../../features/notes/components/PrivateNotes').then((module) => ({ default: module.PrivateNotes })));

export function renderNotes(props: NotesTabProps) {
  return (
    <Suspense fallback={<LoadingState text={t('notes.loading')} />}>
      <PrivateNotes {...props} />
    </Suspense>
  );
}
