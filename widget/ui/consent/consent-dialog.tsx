import { lazy, type ReactElement, Suspense, useSyncExternalStore } from 'react';
import { useUiServices } from '../ui-services.ts';
import { loadConsentDialogView } from './load-consent-dialog-view.ts';

/** Most pages set no `consent`, and most visitors agree once: the dialog is its own chunk. */
const ConsentDialog = lazy(loadConsentDialogView);

/** Shows the `Before we start` dialog while the consent gate asks (docs/behaviour.md#consent). */
export function ConsentLayer(): ReactElement | null {
  const { consent } = useUiServices();
  const snapshot = useSyncExternalStore(consent.subscribe, consent.getSnapshot);
  if (!snapshot.asking) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ConsentDialog text={snapshot.text} url={snapshot.url} />
    </Suspense>
  );
}
