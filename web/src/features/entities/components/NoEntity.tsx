import { ButtonLink } from '../../../components/ui/Button';
import { t } from '../../../messages/en-US';

type NoEntityProps = {
  /** Where setup starts (create-entity), with the state that lets it link back here. */
  createHref: string;
  createState?: unknown;
};

/** The no-entity page's content (spec 01 §2.4): a user without a family or company starts setup here. */
export function NoEntity({ createHref, createState }: NoEntityProps) {
  return (
    <div className="flex flex-col items-start gap-6">
      <p className="text-lg text-ink-700">{t('noEntity.intro')}</p>
      <ButtonLink to={createHref} state={createState} size="lg">
        {t('noEntity.startSetup')}
      </ButtonLink>
      <p className="rounded-card border border-info-700 bg-info-bg p-4 text-ink-900">{t('noEntity.invitationHint')}</p>
    </div>
  );
}
