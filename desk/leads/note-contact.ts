/**
 * A note that logs a contact (issue 27 §2): how the writer reached the person. Such a note claims
 * the lead and answers it for speed to lead. Imports nothing: the inbox app shows the labels too.
 */

export const NOTE_CONTACTS = ['call', 'text', 'email'] as const;
export type NoteContact = (typeof NOTE_CONTACTS)[number];

/** How the inbox and the timeline name a logged contact: "Call: left a voicemail". */
export const NOTE_CONTACT_LABELS: Readonly<Record<NoteContact, string>> = {
  call: 'Call',
  text: 'Text',
  email: 'Email',
};

/** A note's text as its lines show it: with the contact it logs, if any. */
export function noteLine(text: string, contact: string | null | undefined): string {
  const label = NOTE_CONTACT_LABELS[contact as NoteContact] as string | undefined;
  return label ? `${label}: ${text}` : text;
}
