import type { Capture, ContactConsent } from '../element/lead-details.ts';
import { LEAD_FIELD_MAX_CHARS } from './constants.ts';
import { cleanText } from './page/clean-text.ts';
import { isDialablePhone } from './rules/lead-fields.ts';
import { consentVersion } from './watch/consent-record.ts';

/*
 * Contact consent the visitor gives, not the model (docs/behaviour.md#leads): a capture with a
 * phone number waits for the visitor's card, where they correct a misheard name or number and may
 * tick an unchecked box naming the seller. Pure: the card itself is `card/contact-card.ts`.
 */

/** What the visitor sent from the card. */
export interface ContactAnswer {
  readonly name?: string;
  readonly phone: string;
  /** The box was ticked. */
  readonly consented: boolean;
}

/** The seller named in the box: `brokerage`, else the listing agent, else a plain word. */
export function contactSeller(brokerage: string | null, agentName: string | undefined): string {
  return cleanText(brokerage, LEAD_FIELD_MAX_CHARS) ?? agentName ?? 'The brokerage';
}

/** The box's sentence, exactly as the visitor sees it and as it is kept (its hash too). */
export function contactSentence(seller: string, phone: string): string {
  return `${seller} may call or text me at ${phone} about homes. Consent is not a condition of buying.`;
}

/** The box's evidence when ticked: the sentence for `phone`, its hash and when it was sent. */
export function contactConsentFor(
  seller: string,
  phone: string,
  ticked: boolean,
  now: Date,
): ContactConsent | undefined {
  const text = contactSentence(seller, phone);
  return ticked ? { text, version: consentVersion(text), givenAt: now.toISOString() } : undefined;
}

/** A capture asks for the card when it has a phone number and the visitor did not say stop. */
export function needsContactCard(capture: Capture): capture is Capture & {
  fields: { phone: string };
} {
  const { fields } = capture;
  return (
    fields.phone !== undefined && !(capture.kind === 'lead' && capture.fields.doNotContact === true)
  );
}

/** Whether the card may be sent: a number that can be dialled. */
export function isSendable(answer: Pick<ContactAnswer, 'phone'>): boolean {
  return isDialablePhone(answer.phone.trim());
}

/**
 * The capture as the visitor sent it: their name and number, `consentToContact` from the box,
 * and, when ticked, the sentence they agreed to with its hash and the time.
 */
export function applyContactAnswer(
  capture: Capture,
  answer: ContactAnswer,
  seller: string,
  now: Date,
): Capture {
  const phone = cleanText(answer.phone, LEAD_FIELD_MAX_CHARS) ?? '';
  const name = cleanText(answer.name, LEAD_FIELD_MAX_CHARS);
  const contactConsent = contactConsentFor(seller, phone, answer.consented, now);
  const { contactConsent: _previous, ...rest } = capture;
  const { name: _heard, ...kept } = capture.fields;
  const fields = {
    ...kept,
    ...(name !== null && { name }),
    phone,
    consentToContact: answer.consented,
  };
  return {
    ...rest,
    fields,
    ...(contactConsent && { contactConsent }),
  } as Capture;
}
