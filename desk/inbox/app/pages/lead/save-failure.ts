import { InboxApiError } from '../../lib/api.ts';

/**
 * What the lead page says when a change was not saved: a 403 means the session or its CSRF
 * token went stale, so reloading helps; anything else is the desk not answering.
 */
export function failureText(error: unknown): string {
  if (error instanceof InboxApiError && error.status === 403) {
    return 'Not saved: the desk refused the change. Reload the page and try again.';
  }
  return 'Not saved: the desk did not answer. Try again.';
}
