import type { ConsentEvidence } from './capture.ts';
import { type ConsentRecord, consentVersion } from './watch/consent-record.ts';

/**
 * The agreement as evidence: its version and time, with the disclosure's text when the page's
 * text is still the one agreed to (its hash is the version).
 */
export function consentEvidence(
  record: ConsentRecord | null,
  text: string | undefined,
): ConsentEvidence | null {
  if (record === null) {
    return null;
  }
  const same = text !== undefined && consentVersion(text) === record.version;
  return { version: record.version, text: same ? text : null, acceptedAt: record.acceptedAt };
}
