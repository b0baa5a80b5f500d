const LINE_BREAKS = /[\t\n\r\v\f\u2028\u2029]+/g;

/** C0 and C1 control characters, DEL included (tabs and line breaks are spaces by then). */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * Cleans one value that came from outside (a host attribute, a JSON-LD field, an assistant's
 * tool argument): numbers become text, line breaks and tabs become spaces, other control
 * characters go, and the result is trimmed and cut to `maxChars`. Returns `null` for anything
 * that is not a string or number, or that is empty once cleaned. Pure.
 */
export function cleanText(value: unknown, maxChars: number): string | null {
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    text = String(value);
  } else {
    return null;
  }
  // Code points, so a cut never splits a surrogate pair in half.
  const points = Array.from(text.replace(LINE_BREAKS, ' ')).filter((char) => !isControl(char));
  const cleaned = points.join('').trim();
  if (cleaned === '') {
    return null;
  }
  const kept = Array.from(cleaned);
  return kept.length > maxChars ? kept.slice(0, maxChars).join('').trimEnd() : cleaned;
}
