import { privacyPolicy } from '../content/privacy.ts';
import { LegalPage } from './legal-page.tsx';

/** `/privacy`. */
export function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
