/**
 * How one person is recognised across captures (pure; docs/desk.md#storage): a phone number by
 * its digits (a leading 1 of a North-American 11-digit number dropped, so `+1 604…` and
 * `604…` match), an email address lower-cased and trimmed.
 */
export function phoneKey(phone: string | undefined | null): string | null {
  if (!phone) {
    return null;
  }
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) {
    return null;
  }
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The email address as matched: trimmed and lower-cased. */
export function emailKey(email: string | undefined | null): string | null {
  const key = email?.trim().toLowerCase() ?? '';
  return key === '' ? null : key;
}
