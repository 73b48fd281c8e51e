import { documents } from '../../messages/en-US.documents';
import { LegalPage } from './legal-page';

export function Component() {
  return <LegalPage document={documents.terms} />;
}
