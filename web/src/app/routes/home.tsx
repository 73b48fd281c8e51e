import { useAtomValue } from 'jotai';
import { EntityType } from '../../../../shared/enums';
import { ButtonLink } from '../../components/ui/Button';
import { t, type MessageKey } from '../../messages/en-US';
import { authStateAtom, currentEntityAtom } from '../../stores/session';
import { paths } from '../paths';

const highlights: ReadonlyArray<{ title: MessageKey; text: MessageKey }> = [
  { title: 'home.highlights.answer.title', text: 'home.highlights.answer.text' },
  { title: 'home.highlights.decide.title', text: 'home.highlights.decide.text' },
  { title: 'home.highlights.share.title', text: 'home.highlights.share.text' },
];

/** docs/product/shell.md#screens Home: the call to action depends on who is looking. */
function HomeActions() {
  const { isAuthenticated } = useAtomValue(authStateAtom);
  const entity = useAtomValue(currentEntityAtom);
  if (!isAuthenticated) {
    return (
      <>
        <ButtonLink to={paths.login()} size="lg">
          {t('home.login')}
        </ButtonLink>
        <ButtonLink to={paths.signup()} size="lg" variant="secondary">
          {t('home.startRegistration')}
        </ButtonLink>
      </>
    );
  }
  if (!entity) {
    return (
      <div className="flex flex-col items-start gap-2">
        <ButtonLink to={paths.noEntity()} size="lg">
          {t('home.start')}
        </ButtonLink>
        <p className="text-ink-700">{t('home.startHint')}</p>
      </div>
    );
  }
  return entity.entityTypeId === EntityType.AdvisorCompany ? (
    <ButtonLink to={paths.dashboard()} size="lg">
      {t('home.goToDashboard')}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.canvas()} size="lg">
      {t('home.goToCanvas')}
    </ButtonLink>
  );
}

export function Component() {
  return (
    <>
      <section className="bg-gradient-to-b from-primary-50 to-canvas">
        <div className="mx-auto grid max-w-page items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-[3fr_2fr] md:py-20">
          <div>
            <h1 className="font-display text-4xl leading-tight font-semibold text-primary-800 sm:text-5xl">{t('home.title')}</h1>
            <p className="mt-5 max-w-reading text-lg text-ink-700">{t('home.description')}</p>
            <div className="mt-8 flex flex-wrap gap-3" data-testid="home-actions">
              <HomeActions />
            </div>
          </div>
          <CanvasIllustration />
        </div>
      </section>
      <section aria-labelledby="home-highlights" className="mx-auto max-w-page px-4 py-14 sm:px-6">
        <h2 id="home-highlights" className="font-display text-2xl font-semibold text-primary-800">
          {t('home.highlights.title')}
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {highlights.map((item) => (
            <li key={item.title} className="rounded-card border border-line bg-surface p-6 shadow-card">
              <h3 className="text-lg font-semibold text-ink-900">{t(item.title)}</h3>
              <p className="mt-2 text-ink-700">{t(item.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The four areas of the canvas around the family, drawn; decorative. */
function CanvasIllustration() {
  const areas = [
    { label: t('home.areas.wealth'), fill: '#d6eaea' },
    { label: t('home.areas.relationships'), fill: '#fbeedd' },
    { label: t('home.areas.time'), fill: '#fbeedd' },
    { label: t('home.areas.purpose'), fill: '#d6eaea' },
  ];
  return (
    <svg viewBox="0 0 240 240" aria-hidden="true" focusable="false" className="mx-auto hidden w-full max-w-xs md:block">
      {areas.map((area, index) => (
        <g key={area.label}>
          <rect x={index % 2 ? 124 : 8} y={index < 2 ? 8 : 124} width="108" height="108" rx="16" fill={area.fill} stroke="#1f4e5f" strokeWidth="2" />
          <text x={index % 2 ? 178 : 62} y={index < 2 ? 66 : 182} textAnchor="middle" fontSize="13" fill="#12262e" fontFamily="system-ui, sans-serif">
            {area.label}
          </text>
        </g>
      ))}
      <circle cx="120" cy="120" r="30" fill="#1f4e5f" />
      <circle cx="120" cy="120" r="12" fill="#e0a050" />
    </svg>
  );
}
