import { useParams, type LoaderFunctionArgs } from 'react-router';
import { prefetchCanvas } from '../../features/canvas/api/get-canvas';
import type { AppStore } from '../../stores/app-store';
import { currentEntityIdAtom } from '../../stores/session';
import { queryClient } from '../query-client';
import { CanvasPage } from '../../features/canvas/components/CanvasPage';
import { CanvasLinksProvider } from '../../features/canvas/hooks/use-canvas-links';
import { canvasLinks } from './canvas-links';
import { CanvasWithHistory } from './canvas-history';

/** docs/product/canvas.md#canvas-overview: /canvas/{familyId?}; the guard has checked the family id. */
export function Component() {
  const { familyId } = useParams();
  return (
    <CanvasLinksProvider links={canvasLinks}>
      <CanvasWithHistory>
        <CanvasPage key={familyId ?? 'own'} familyId={familyId === undefined ? undefined : Number(familyId)} />
      </CanvasWithHistory>
    </CanvasLinksProvider>
  );
}

/** The canvas is asked for as soon as the visit may go on (web/src/app/router.tsx): its largest paint waits on it. */
export function prefetch({ params }: LoaderFunctionArgs, store: AppStore): void {
  void prefetchCanvas(queryClient, store.get(currentEntityIdAtom), params.familyId === undefined ? undefined : Number(params.familyId));
}
