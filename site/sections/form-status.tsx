import { useEffect } from 'react';
import { company } from '../content/company.ts';
import { type ContactFieldName, contactCopy, contactFields } from '../content/contact.ts';
import type { FormState } from '../hooks/use-contact-form.ts';
import { buildMailto } from '../lib/mailto.ts';

export function fieldLabel(name: string): string {
  return contactFields.find((field) => field.name === name)?.label ?? name;
}

function MailtoFallback({ values }: { values: Record<string, string> }) {
  const href = buildMailto(
    company.email,
    contactCopy.mailtoSubject,
    contactFields.map((field) => ({
      label: field.label,
      value: values[field.name as ContactFieldName] ?? '',
    })),
  );
  return (
    <p>
      {contactCopy.mailtoIntro} <a href={href}>{company.email}</a>.
    </p>
  );
}

/** The live region under the form: success, the service's field errors, or a failure. */
export function FormStatus({ id, state }: { id: string; state: FormState }) {
  const done = state.phase === 'done';
  // The answer is where the visitor looks, clear of the floating assistant's corner (the page's
  // scroll-padding-bottom keeps it above the launcher).
  useEffect(() => {
    if (done) {
      document.getElementById(id)?.scrollIntoView({ block: 'nearest' });
    }
  }, [done, id]);
  let tone = '';
  let content = null;
  if (state.phase === 'done') {
    const { outcome, values } = state;
    if (outcome.kind === 'success') {
      tone = 'is-success';
      content = <p>{contactCopy.success}</p>;
    } else if (outcome.kind === 'field-errors') {
      tone = 'is-error';
      content = (
        <>
          <p>{contactCopy.fieldErrorsIntro}</p>
          <ul>
            {outcome.errors.map((error) => (
              <li key={`${error.field}-${error.message}`}>
                {fieldLabel(error.field ?? '')}: {error.message}
              </li>
            ))}
          </ul>
        </>
      );
    } else {
      tone = 'is-error';
      const reason =
        outcome.kind === 'rejected'
          ? [contactCopy.rejected, ...outcome.errors.map((e) => e.message)].join(' ')
          : contactCopy.unavailable;
      content = (
        <>
          <p>{reason}</p>
          <MailtoFallback values={values} />
        </>
      );
    }
  }
  return (
    <div id={id} className={`form-status ${tone}`.trim()} role="status" aria-live="polite">
      {content}
    </div>
  );
}
