import { MyActionsPage, type MyActionsLinks } from '../../features/my-actions/components/MyActionsPage';
import { paths } from '../paths';

const links: MyActionsLinks = {
  item: (categoryId, itemId) => paths.canvasCategory({ categoryId }, { open: itemId }),
};

/** "My actions": every user with an entity, family member or advisor. */
export function Component() {
  return <MyActionsPage links={links} />;
}
