/**
 * The sentences the assistant hears back from `capture_lead` and `request_viewing`, written once
 * for both doors (docs/behaviour.md#leads): the widget answers its own tool calls with them, and
 * the desk answers the platform's. Each says what happened and what the assistant should say
 * or do next; none repeats the visitor's details.
 */

/** What was captured: a lead or a viewing request. */
export type CaptureKind = 'lead' | 'viewing-request';

/** The arguments were not a JSON object. */
export function badArgumentsResult(tool: string): string {
  return `Not saved: the arguments were not a JSON object. Call ${tool} again.`;
}

/** Some fields broke their rules: what to ask the caller again, one phrase per problem. */
export function askAgainResult(tool: string, askAgain: readonly string[]): string {
  return (
    'Not saved: some details are missing or invalid. Please ask the caller again for ' +
    `${askAgain.join('; ')}. Then call ${tool} again with all the details.`
  );
}

/**
 * The conversation already has its most captures. `max` is named when the one answering knows
 * it as the visitor's own count (the widget); the desk says only that the limit was reached.
 */
export function limitResult(tool: string, max?: number): string {
  return (
    `Not saved: this conversation reached the limit of ${max === undefined ? '' : `${max} `}` +
    'requests. Tell the caller their details are already with the team. ' +
    `Do not call ${tool} again.`
  );
}

/** Stored and passed to `who` (the agent's name, or the team when none is known). */
export function savedResult(kind: CaptureKind, who: string | null | undefined): string {
  const to = who ?? 'the team';
  return kind === 'lead'
    ? `Saved. The caller's details were passed to ${to}, who will be in touch. Tell the caller.`
    : `Saved. The viewing request was passed to ${to}, who will confirm the time. Tell the caller.`;
}

/**
 * Taken, and shown on the contact card for the caller to check and send (the widget's card):
 * nothing is passed to anyone until they press Send.
 */
export const CARD_RESULT =
  "Saved. The caller's details are on their screen to check: tell them to correct anything " +
  'misheard and press Send. Whether they may be called or texted is theirs to tick there.';

/**
 * Stored, but not yet with the team (the desk refused, was blocked or unreachable): the
 * assistant must not say it was passed to anyone.
 */
export function followUpResult({ kind }: { readonly kind: CaptureKind }): string {
  const what = kind === 'lead' ? "The caller's details were" : 'The viewing request was';
  return (
    `Saved for follow-up. ${what} saved but could not be sent to the team yet; the team will ` +
    'follow up. Tell the caller it was saved for follow-up. Do not say it was passed to anyone' +
    (kind === 'lead' ? '.' : ' or that the time is confirmed.')
  );
}

/** A transfer to the on-duty agent: what the caller hears while it connects. */
export function transferMessage(agentName: string): string {
  return `Connecting you with ${agentName} now.`;
}

/** No transfer outside office hours: the assistant offers a callback instead. */
export const NO_TRANSFER_RESULT =
  'No agent can take the call right now (outside office hours). Offer a callback: ask ' +
  "for the caller's name and number and save them with capture_lead.";
