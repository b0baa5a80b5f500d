import { parseAttributes, readAttributes } from '../../widget/element/attributes.ts';

/** The configurator's attribute values: text, or on/off for a checkbox. */
export type EmbedValues = Readonly<Record<string, string | boolean>>;

/**
 * What the widget would ignore in these values, per attribute: the same check the element runs
 * (widget/element/attributes.ts), worded for the form ("Write on or off."). An empty id is not
 * flagged here: the copied code shows a placeholder for it. Pure but for the page's base URL,
 * against which relative URLs resolve, as they will on the brokerage's page.
 */
export function fieldErrors(values: EmbedValues): Record<string, string> {
  const config = parseAttributes(
    readAttributes({ getAttribute: (name: string) => stringValue(values[name]) }),
  );
  const errors: Record<string, string> = {};
  for (const warning of config.warnings) {
    errors[warning.attribute] ??= `The widget would ignore this value. Write ${warning.expected}.`;
  }
  return errors;
}

function stringValue(value: string | boolean | undefined): string | null {
  if (value === true) {
    return '';
  }
  return typeof value === 'string' ? value : null;
}

/**
 * `values` with `name` set to `value`. Once both an assistant id and a public key are filled in,
 * the offline demo is switched off (the brokerage now has a real assistant to embed); ticking
 * it again afterwards is kept.
 */
export function withValue(values: EmbedValues, name: string, value: string | boolean): EmbedValues {
  const filled = (v: EmbedValues) =>
    ['assistant-id', 'public-key'].every((key) => String(v[key] ?? '').trim() !== '');
  const next = { ...values, [name]: value };
  if (filled(next) && !filled(values)) {
    next.demo = false;
  }
  return next;
}
