import type { LeadListItem, LeadStatus } from '../../api-contract.ts';

/** "lead" / "viewing", as the list's Kind column says it. */
export function kindLabel(kind: LeadListItem['kind']): string {
  return kind === 'viewing-request' ? 'Viewing' : 'Lead';
}

/** A class per status, for its badge colour (the text always says the status too). */
export function statusClass(status: LeadStatus): string {
  return `status status-${status.toLowerCase().replace(/\s+/g, '-')}`;
}

/** A person's name, or what to write when the visitor gave none. */
export function nameOf(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : 'No name given';
}
