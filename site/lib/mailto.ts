/**
 * A mailto: link carrying what the visitor typed, so a failed submission is one click from an
 * email. Values are percent-encoded; the body keeps one `label: value` line per field.
 */
export function buildMailto(
  to: string,
  subject: string,
  fields: ReadonlyArray<{ label: string; value: string }>,
): string {
  const body = fields
    .filter((f) => f.value.trim() !== '')
    .map((f) => `${f.label}: ${f.value}`)
    .join('\n');
  const query = [`subject=${encodeURIComponent(subject)}`];
  if (body !== '') {
    query.push(`body=${encodeURIComponent(body)}`);
  }
  return `mailto:${to}?${query.join('&')}`;
}
