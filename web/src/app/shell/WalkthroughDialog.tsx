import { useAtom } from 'jotai';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { t } from '../../messages/en-US';
import { isWalkthroughOpenAtom } from '../../stores/ui';
import { paths } from '../paths';

/** The walkthrough's place (spec 02 §2 Walkthrough): the information button toggles it; its slides arrive later. */
export function WalkthroughDialog() {
  const [isOpen, setIsOpen] = useAtom(isWalkthroughOpenAtom);
  const close = () => setIsOpen(false);
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('walkthrough.title')} closeLabel={t('common.close')} description={t('walkthrough.placeholder')}>
      <Link to={paths.aboutApp()} onClick={close} className="font-medium text-primary-700 underline underline-offset-4">
        {t('walkthrough.aboutAppLink')}
      </Link>
    </Dialog>
  );
}
