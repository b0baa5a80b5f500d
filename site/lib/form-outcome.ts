/** One problem the form service reported, optionally tied to a field. */
export interface ServiceError {
  field: string | null;
  code: string | null;
  message: string;
}

/** What a submission came to, as the form shows it. */
export type FormOutcome =
  | { kind: 'success' }
  | { kind: 'field-errors'; errors: ServiceError[] }
  | { kind: 'rejected'; errors: ServiceError[] }
  | { kind: 'unavailable' };

function readError(value: unknown): ServiceError | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { field, code, message } = value as Record<string, unknown>;
  if (typeof message !== 'string' || message.trim() === '') {
    return null;
  }
  return {
    field: typeof field === 'string' && field !== '' ? field : null,
    code: typeof code === 'string' ? code : null,
    message: message.slice(0, 300),
  };
}

/** The `errors` list (or lone `error` string) of a form-service JSON answer. */
export function readServiceErrors(body: unknown): ServiceError[] {
  if (typeof body !== 'object' || body === null) {
    return [];
  }
  const { errors, error } = body as Record<string, unknown>;
  if (Array.isArray(errors)) {
    return errors.map(readError).filter((e): e is ServiceError => e !== null);
  }
  if (typeof error === 'string' && error.trim() !== '') {
    return [{ field: null, code: null, message: error.slice(0, 300) }];
  }
  return [];
}

/**
 * Maps the form service's answer (status and parsed JSON, `null` when unreadable) to an outcome:
 * 2xx is success, 5xx is the service being unavailable, other answers list its errors, split by
 * whether they name a field of this form.
 */
export function interpretFormResponse(
  status: number,
  body: unknown,
  knownFields: readonly string[],
): FormOutcome {
  if (status >= 200 && status < 300) {
    return { kind: 'success' };
  }
  if (status >= 500) {
    return { kind: 'unavailable' };
  }
  const errors = readServiceErrors(body);
  const onFields = errors.filter((e) => e.field !== null && knownFields.includes(e.field));
  if (onFields.length > 0) {
    return { kind: 'field-errors', errors: onFields };
  }
  return { kind: 'rejected', errors };
}
