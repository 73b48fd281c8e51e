import { useParams } from 'react-router';
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
