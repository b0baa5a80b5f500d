/** A value a multipart field accepts: files as `Blob`/`File`, anything else is stringified. */
export type FormFieldValue = Blob | string | number | boolean | bigint | Date | object;

/**
 * The fields of a multipart body as a plain object, for callers who do not build a `FormData`:
 * the document's field names, each also taking a `Blob`/`File`, and arrays of either.
 */
export type FormFields<Fields> = Fields extends object
  ? {
      [K in keyof Fields]: Fields[K] extends readonly (infer Item)[]
        ? readonly (Item | Blob)[]
        : Fields[K] | Blob;
    }
  : Record<string, FormFieldValue | readonly FormFieldValue[] | null | undefined>;

function appendField(form: FormData, name: string, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  if (value instanceof Blob) {
    form.append(name, value);
  } else if (value instanceof Date) {
    form.append(name, value.toISOString());
  } else if (typeof value === 'object') {
    // Nested data (labels, metadata) travels as JSON text, which is how the platform reads it.
    form.append(name, JSON.stringify(value));
  } else {
    form.append(name, String(value));
  }
}

/**
 * Builds multipart form data from an object of fields, so a form-data route never drops what
 * it was given: `Blob`/`File` values are sent as files, arrays repeat their field, `null` and
 * `undefined` are left out, dates are ISO text, other objects JSON and the rest `String()`.
 * Anything that is not an object is a `TypeError` naming the route (`label`).
 */
export function toFormData(fields: unknown, label: string): FormData {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    const kind =
      fields === null ? 'null' : Array.isArray(fields) ? 'an array' : `a ${typeof fields}`;
    throw new TypeError(
      `${label} sends multipart form data: pass a FormData or an object of fields, not ${kind}.`,
    );
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      for (const item of value) {
        appendField(form, name, item);
      }
    } else {
      appendField(form, name, value);
    }
  }
  return form;
}
