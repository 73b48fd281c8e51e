import { useParams } from 'react-router';
import { CategoryPage } from '../../features/canvas/components/CategoryPage';
import { CanvasLinksProvider } from '../../features/canvas/hooks/use-canvas-links';
import { canvasLinks } from './canvas-links';
import { CanvasWithHistory } from './canvas-history';

/** docs/product/canvas.md#category-page: /canvas-category/{categoryId}; the guard has checked it is numeric. */
export function Component() {
  const { categoryId } = useParams();
  return (
    <CanvasLinksProvider links={canvasLinks}>
      <CanvasWithHistory>
        <CategoryPage key={categoryId} categoryId={Number(categoryId)} />
      </CanvasWithHistory>
    </CanvasLinksProvider>
  );
}
