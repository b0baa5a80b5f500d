import { type FormEvent, useCallback, useRef, useState } from 'react';
import { type FormOutcome, interpretFormResponse } from '../lib/form-outcome.ts';

/** How long the form waits for the service before treating it as unavailable. */
export const FORM_TIMEOUT_MS = 15_000;

export type FormState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'done'; outcome: FormOutcome; values: Record<string, string> };

function readValues(form: HTMLFormElement, fields: readonly string[]): Record<string, string> {
  const data = new FormData(form);
  return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')]));
}

/**
 * Submits the form with fetch (`Accept: application/json`) once native validation passed.
 * One request at a time: a second submit while one is in flight is ignored, so a double click
 * sends once. On success the form is cleared; on any failure what the visitor typed stays.
 */
export function useContactForm(endpoint: string, fields: readonly string[]) {
  const [state, setState] = useState<FormState>({ phase: 'idle' });
  const inFlight = useRef(false);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) {
        return;
      }
      inFlight.current = true;
      const form = event.currentTarget;
      const values = readValues(form, fields);
      setState({ phase: 'sending' });
      let outcome: FormOutcome;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          body: new FormData(form),
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(FORM_TIMEOUT_MS),
        });
        const body: unknown = await response.json().catch(() => null);
        outcome = interpretFormResponse(response.status, body, fields);
      } catch {
        outcome = { kind: 'unavailable' };
      }
      if (outcome.kind === 'success') {
        form.reset();
      }
      inFlight.current = false;
      setState({ phase: 'done', outcome, values });
    },
    [endpoint, fields],
  );

  return { state, onSubmit };
}
