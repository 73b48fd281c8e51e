import { Page } from '../../components/ui/Page';
import { t } from '../../messages/en-US';
import type { LegalDocument } from '../../messages/en-US.documents';

/** A long-form legal text (privacy policy, terms of use) with its date and numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Page width="prose" title={document.title} intro={<p className="text-base text-ink-600">{t('legal.lastUpdated', { date: document.lastUpdated })}</p>}>
      <div className="prose-page text-ink-800">
        <p className="text-lg">{document.intro}</p>
        {document.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-section-${index}`}>
            <h2 id={`legal-section-${index}`}>
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </Page>
  );
}
