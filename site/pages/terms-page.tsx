import { termsOfUse } from '../content/terms.ts';
import { LegalPage } from './legal-page.tsx';

/** `/terms`. */
export function TermsPage() {
  return <LegalPage document={termsOfUse} />;
}
