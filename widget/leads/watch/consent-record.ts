/**
 * The consent disclosure's pure parts (docs/behaviour.md#consent): its version (a hash of the
 * text, so a changed text is asked again) and how an agreement is kept on the device.
 */

/** One agreement: which text, and when. */
export interface ConsentRecord {
  version: string;
  /** ISO 8601. */
  acceptedAt: string;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/**
 * The version of a disclosure text: FNV-1a (64-bit) of its UTF-8 bytes, as 16 hex digits.
 * Stable across browsers and reloads, and any edit of the text gives a new version. It names
 * the text; it protects nothing, so a fast non-cryptographic hash is enough.
 */
export function consentVersion(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The `localStorage` key of the agreement to one version. */
export function consentKey(version: string): string {
  return `voice-assistant:consent:${version}`;
}

/** The stored agreement to `version`, or null (none, unreadable, or for another version). */
export function readConsent(
  storage: Pick<Storage, 'getItem'> | null,
  version: string,
): ConsentRecord | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(consentKey(version)) ?? null;
  } catch {
    return null; // storage disabled (privacy settings): ask again
  }
  if (raw === null) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      (value as ConsentRecord).version === version &&
      typeof (value as ConsentRecord).acceptedAt === 'string'
    ) {
      return { version, acceptedAt: (value as ConsentRecord).acceptedAt };
    }
  } catch {
    // a damaged entry counts as no agreement
  }
  return null;
}

/** Keeps an agreement. Returns false when the browser refuses storage (it then lasts the page). */
export function writeConsent(
  storage: Pick<Storage, 'setItem'> | null,
  record: ConsentRecord,
): boolean {
  try {
    storage?.setItem(consentKey(record.version), JSON.stringify(record));
    return storage != null;
  } catch {
    return false;
  }
}
