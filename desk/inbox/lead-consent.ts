import type { LeadRecord } from '../delivery/lead-record.ts';
import { shownText } from '../delivery/shown-times.ts';
import { displayTime } from '../time/brokerage-time.ts';
import type { ConsentEvidence, LeadDetail } from './api-contract.ts';

/**
 * One capture's consent evidence as the lead page shows it (pure): the widget's terms, the
 * contact box the visitor ticked (its sentence, version and time, from the capture's fields),
 * what the assistant heard, and a do-not-contact request, each time with its display text.
 */
export function consentEvidence(capture: LeadRecord, timeZone: string): ConsentEvidence {
  const { fields } = capture;
  const box = fields.contactConsent as Partial<Record<string, unknown>> | undefined;
  const contact =
    typeof box?.text === 'string' &&
    typeof box.version === 'string' &&
    typeof box.givenAt === 'string'
      ? {
          text: box.text,
          version: box.version,
          givenAt: box.givenAt,
          givenAtText: shownText(box.givenAt, timeZone),
        }
      : null;
  return {
    captureId: capture.id,
    at: capture.receivedAt,
    atText: displayTime(capture.receivedAt, timeZone),
    version: capture.consent.version,
    text: capture.consent.text,
    acceptedAt: capture.consent.acceptedAt,
    acceptedAtText: shownText(capture.consent.acceptedAt, timeZone),
    consentToContact: capture.consent.consentToContact,
    contact,
    spokenConsent: typeof fields.spokenConsent === 'boolean' ? fields.spokenConsent : null,
    doNotContact: fields.doNotContact === true,
  };
}

/**
 * The lead's consent from its captures' evidence, oldest first: the latest capture's
 * `consentToContact` is the lead's, and one request not to be contacted holds for the lead.
 */
export function leadConsent(history: readonly ConsentEvidence[]): LeadDetail['consent'] {
  return {
    consentToContact: history.at(-1)?.consentToContact ?? false,
    doNotContact: history.some((c) => c.doNotContact),
    history: [...history],
  };
}
