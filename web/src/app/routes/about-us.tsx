import { Link } from 'react-router';
import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import { documents } from '../../messages/en-US.documents';
import { paths } from '../paths';

/** docs/product/README.md#what-the-product-is: the team — five members, each with a name, a role and a photo. */
export function Component() {
  return (
    <Page title={t('aboutUs.title')} intro={t('aboutUs.intro')}>
      <section aria-labelledby="team-title">
        <h2 id="team-title" className="font-display text-2xl font-semibold text-primary-800">
          {t('aboutUs.teamTitle')}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {documents.team.map((member) => (
            <li key={member.name} className="flex flex-col items-center rounded-card border border-line bg-surface p-6 text-center shadow-card">
              <img
                src={member.photo}
                alt={t('aboutUs.photoAlt', { name: member.name })}
                width={128}
                height={128}
                className="size-32 rounded-full"
                loading="lazy"
              />
              <h3 className="mt-4 text-lg font-semibold text-ink-900">{member.name}</h3>
              <p className="font-medium text-primary-700">{member.role}</p>
              <p className="mt-2 text-ink-700">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-10 text-lg text-ink-800">
        {t('aboutUs.contactCta')}{' '}
        <Link to={paths.contact()} className="font-semibold text-primary-700 underline underline-offset-4">
          {t('aboutUs.contactLink')}
        </Link>
      </p>
    </Page>
  );
}
