import type { ServiceError } from '../lib/form-outcome.ts';

/** The fields the contact form sends (docs/behaviour.md#api-routes) and the most each may hold. */
export const SUBMISSION_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  message: 5000,
} as const;

export type SubmissionField = keyof typeof SUBMISSION_LIMITS;
export type Submission = Record<SubmissionField, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^[+()\d\s.-]+$/;
const MIN_PHONE_DIGITS = 7;

/**
 * Checks a submission the way the form-forwarding service does and returns its errors in the
 * service's shape (`field`, `code`, `message`); an empty list means it is accepted.
 */
export function validateSubmission(fields: Readonly<Record<string, string>>): ServiceError[] {
  const errors: ServiceError[] = [];
  for (const [field, max] of Object.entries(SUBMISSION_LIMITS)) {
    const value = (fields[field] ?? '').trim();
    if (value === '') {
      errors.push({ field, code: 'REQUIRED_FIELD_EMPTY', message: 'is required' });
    } else if (value.length > max) {
      errors.push({ field, code: 'TOO_LONG', message: `must be at most ${max} characters` });
    }
  }
  const email = (fields.email ?? '').trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) {
    errors.push({ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' });
  }
  const phone = (fields.phone ?? '').trim();
  const digits = phone.replace(/\D/g, '').length;
  if (phone !== '' && (!PHONE_PATTERN.test(phone) || digits < MIN_PHONE_DIGITS)) {
    errors.push({ field: 'phone', code: 'TYPE_PHONE', message: 'should be a phone number' });
  }
  return errors;
}

/** The accepted fields, trimmed, in the order the form sends them. */
export function toSubmission(fields: Readonly<Record<string, string>>): Submission {
  const entries = Object.keys(SUBMISSION_LIMITS).map((field) => [
    field,
    (fields[field] ?? '').trim(),
  ]);
  return Object.fromEntries(entries) as Submission;
}
