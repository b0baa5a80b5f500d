import type { LeadCapture, LeadStatus } from '../../api-contract.ts';

/** What a capture is, in words: "Viewing request" or "Details left". */
export function captureKindLabel(kind: LeadCapture['kind']): string {
  return kind === 'viewing-request' ? 'Viewing request' : 'Details left';
}

/** A class per status, for its badge colour (the text always says the status too). */
export function statusClass(status: LeadStatus): string {
  return `status status-${status.toLowerCase().replace(/\s+/g, '-')}`;
}

/** A person's name, or what to write when the visitor gave none. */
export function nameOf(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : 'No name given';
}
