import { Link } from 'react-router';
import { LogoMark } from '../../components/ui/Logo';
import { t } from '../../messages/en-US';
import { appConfig } from '../config';
import { paths } from '../paths';

const footerLinks = [
  { label: 'footer.aboutUs', to: paths.aboutUs() },
  { label: 'footer.aboutApp', to: paths.aboutApp() },
  { label: 'footer.contact', to: paths.contact() },
  { label: 'footer.privacy', to: paths.privacy() },
  { label: 'footer.terms', to: paths.termsOfUse() },
] as const;

/** docs/product/shell.md#application-shell: links to the static pages, a company link, the slogan and © with the current year. */
export function Footer() {
  return (
    <footer className="bg-primary-900 text-white">
      <div className="mx-auto grid max-w-page gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <p className="flex items-center gap-2 font-display text-xl font-semibold">
            <LogoMark className="size-7" />
            {t('common.appName')}
          </p>
          <p className="mt-2 text-primary-100">{t('common.slogan')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-primary-50 underline-offset-4 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-page flex-col gap-2 px-4 py-5 text-sm text-primary-100 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          {/* The prerendered pages carry the year of their build (web/build/build.ts): it may be past, React's documented case for this. */}
          <p suppressHydrationWarning>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <a href={appConfig.companyUrl} className="text-primary-50 underline underline-offset-4">
            {t('footer.company')}
          </a>
        </div>
      </div>
    </footer>
  );
}
