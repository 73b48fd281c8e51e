import { useAtomValue } from 'jotai';
import { EntityType } from '../../../../shared/enums';
import { ButtonLink } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { t, type MessageKey } from '../../messages/en-US';
import { authStateAtom, currentEntityAtom } from '../../stores/session';
import { paths } from '../paths';

const workflow: readonly MessageKey[] = ['aboutApp.workflow.questions', 'aboutApp.workflow.takeaways', 'aboutApp.workflow.goals', 'aboutApp.workflow.actions'];

/** docs/product/shell.md#screens: the link goes to the dashboard (advisor), the canvas (family) or login (not logged in). */
function NextStep() {
  const { isAuthenticated } = useAtomValue(authStateAtom);
  const entity = useAtomValue(currentEntityAtom);
  if (!isAuthenticated) return <ButtonLink to={paths.login()}>{t('aboutApp.goToLogin')}</ButtonLink>;
  if (!entity) return <ButtonLink to={paths.noEntity()}>{t('aboutApp.setUp')}</ButtonLink>;
  if (entity.entityTypeId === EntityType.AdvisorCompany) return <ButtonLink to={paths.dashboard()}>{t('aboutApp.goToDashboard')}</ButtonLink>;
  return <ButtonLink to={paths.canvas()}>{t('aboutApp.goToCanvas')}</ButtonLink>;
}

export function Component() {
  return (
    <Page title={t('aboutApp.title')} intro={t('aboutApp.intro')} actions={<NextStep />}>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="rounded-card border border-line bg-surface p-6 shadow-card">
          <h2 className="font-display text-xl font-semibold text-primary-800">{t('aboutApp.families.title')}</h2>
          <p className="mt-2 text-ink-700">{t('aboutApp.families.text')}</p>
        </section>
        <section className="rounded-card border border-line bg-surface p-6 shadow-card">
          <h2 className="font-display text-xl font-semibold text-primary-800">{t('aboutApp.advisors.title')}</h2>
          <p className="mt-2 text-ink-700">{t('aboutApp.advisors.text')}</p>
        </section>
      </div>
      <section className="mt-10">
        <h2 className="font-display text-2xl font-semibold text-primary-800">{t('aboutApp.workflow.title')}</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {workflow.map((key, index) => (
            <li key={key} className="flex gap-4 rounded-card bg-primary-50 p-5">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-700 font-semibold text-white">
                {index + 1}
              </span>
              <p className="text-ink-800">{t(key)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="mt-10 rounded-card border-l-4 border-accent-500 bg-accent-100 p-6">
        <h2 className="font-display text-xl font-semibold text-accent-800">{t('aboutApp.privacy.title')}</h2>
        <p className="mt-2 text-ink-800">{t('aboutApp.privacy.text')}</p>
      </section>
    </Page>
  );
}
