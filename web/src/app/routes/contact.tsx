import { Page } from '../../components/ui/Page';
import { ContactForm } from '../../features/contact/components/ContactForm';
import { t } from '../../messages/en-US';

export function Component() {
  return (
    <Page width="prose" title={t('contactForm.title')} intro={t('contactForm.intro')}>
      <div className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
        <ContactForm />
      </div>
    </Page>
  );
}
