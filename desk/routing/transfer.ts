import { NO_TRANSFER_RESULT, transferMessage } from '../../widget/leads/rules/tool-results.ts';
import type { Brokerage } from '../config/brokerage.ts';
import { isWithinOfficeHours } from '../config/office-hours.ts';
import { onDutyAgent } from './assign.ts';

/** E.164 for the platform: `+` and digits; a 10-digit North-American number gets `+1`. */
export function e164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+')
    ? `+${digits}`
    : digits.length === 10
      ? `+1${digits}`
      : `+${digits}`;
}

/** The answer to a `transfer-destination-request`, as `ServerMessageResponseTransferDestinationRequest`. */
export type TransferAnswer =
  | { destination: { type: 'number'; number: string; message: string } }
  | { message: { type: 'request-failed'; content: string } };

/**
 * Where a caller asking for a person goes (pure; docs/desk.md#routing): the on-duty agent inside
 * office hours, when they have a phone; otherwise nowhere, and the assistant offers a callback.
 */
export function transferDestination(brokerage: Brokerage, now: Date): TransferAnswer {
  const agent = onDutyAgent(brokerage);
  if (
    agent !== null &&
    agent.phone.trim() !== '' &&
    isWithinOfficeHours(brokerage.officeHours, now)
  ) {
    return {
      destination: {
        type: 'number',
        number: e164(agent.phone),
        message: transferMessage(agent.name),
      },
    };
  }
  return { message: { type: 'request-failed', content: NO_TRANSFER_RESULT } };
}
