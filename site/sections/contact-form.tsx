import { contactCopy, contactFields } from '../content/contact.ts';
import { useContactForm } from '../hooks/use-contact-form.ts';
import { paths } from '../paths.ts';
import { settings } from '../settings.ts';
import { FormStatus } from './form-status.tsx';

const FIELD_NAMES = contactFields.map((field) => field.name);
const STATUS_ID = 'contact-status';

/**
 * The contact form. Without JavaScript it is a plain native POST to the form service; with it,
 * the same form is sent with fetch and the answer is shown inline. All fields are required and
 * validated by the browser, with no custom messages.
 */
export function ContactForm() {
  const { state, onSubmit } = useContactForm(settings.formEndpoint, FIELD_NAMES);
  const sending = state.phase === 'sending';
  const fieldErrors = new Map<string, string>();
  if (state.phase === 'done' && state.outcome.kind === 'field-errors') {
    for (const error of state.outcome.errors) {
      if (error.field && !fieldErrors.has(error.field)) {
        fieldErrors.set(error.field, error.message);
      }
    }
  }

  return (
    <form
      className="contact-form"
      action={settings.formEndpoint}
      method="POST"
      onSubmit={onSubmit}
      aria-label="Contact us"
    >
      <div className="field-grid">
        {contactFields.map((field) => {
          const id = `contact-${field.name}`;
          const error = fieldErrors.get(field.name);
          const errorId = `${id}-error`;
          const common = {
            id,
            name: field.name,
            required: true,
            autoComplete: field.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
          };
          return (
            <div key={field.name} className={`field field-${field.name}`}>
              <label htmlFor={id}>{field.label}</label>
              {field.type === 'textarea' ? (
                <textarea {...common} rows={4} />
              ) : (
                <input {...common} type={field.type} />
              )}
              {error ? (
                <p id={errorId} className="field-error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {/* Honeypot for bots: people and assistive technology never see it. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-gotcha">Leave this field empty</label>
        <input id="contact-gotcha" type="text" name="_gotcha" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary button-large"
          aria-disabled={sending ? true : undefined}
        >
          {sending ? contactCopy.sending : contactCopy.submit}
        </button>
        {/* Beside Send from 640 px (under it on a phone), so the form stays short enough that
            its outcome shows clear of the floating launcher's corner. */}
        <p className="form-consent">
          {contactCopy.consentBefore}
          <a href={paths.privacy.getHref()}>{contactCopy.consentLink}</a>
          {contactCopy.consentAfter}
        </p>
      </div>
      <FormStatus id={STATUS_ID} state={state} />
    </form>
  );
}
