import type { DeskEnv } from '../../config/desk-env.ts';
import type { AttemptOutcome } from '../../jobs/retry-policy.ts';
import type { DeliveryAdapter, DeliveryContext } from '../adapter.ts';
import { isRetryableStatus, outcomeOfNetworkError } from '../http-outcome.ts';
import type { LeadRecord } from '../lead-record.ts';
import { scrub } from './lead-text.ts';
import { smsText } from './sms-text.ts';

/** Twilio's settings, as {@link DeskEnv} reads them. */
export type TwilioSettings = NonNullable<DeskEnv['twilio']>;

/** A try that gets no answer in this long is a network error, and retried. */
export const SMS_TIMEOUT_MS = 15_000;

/** The phone number texts to an agent go to, by the agent's email; null when they have none. */
export type AgentPhone = (email: string) => string | null | Promise<string | null>;

/** `Twilio 21211: The 'To' number is not a valid phone number.` from Twilio's error body. */
function twilioReason(status: number, body: string, lead: LeadRecord, secret: string): string {
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.message === 'string') {
      detail = `${typeof parsed.code === 'number' ? `${parsed.code}: ` : ''}${parsed.message}`;
    }
  } catch {
    // Not JSON (a proxy's page): the text itself, scrubbed.
  }
  return `Twilio HTTP ${status}: ${scrub(detail, lead, [secret])}`;
}

/**
 * Texts each lead to its assigned agent's phone through Twilio's Messages API (issue 27 §1):
 * form-encoded To, From and Body with Basic auth. A 4xx (a bad number, a refused sender) is dead
 * at once with Twilio's message; 429, 5xx and no answer are retried by the outbox. An agent with
 * no phone gets email only: the job is dead at once with that reason, never retried.
 */
export function createSmsAdapter(
  settings: TwilioSettings,
  context: DeliveryContext,
  phoneOf: AgentPhone,
  fetchImpl: typeof fetch = fetch,
): DeliveryAdapter {
  const endpoint = `${settings.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'sms',
    timeoutMs: SMS_TIMEOUT_MS,
    async deliver(lead: LeadRecord): Promise<AttemptOutcome> {
      const email = lead.assignedTo.email;
      const to = email ? await phoneOf(email) : null;
      if (!to) {
        return { ok: false, retry: false, reason: 'the assigned agent has no phone: email only' };
      }
      const body = new URLSearchParams({
        To: to,
        From: settings.from,
        Body: smsText(lead, context),
      });
      try {
        const response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.ok) {
          return { ok: true };
        }
        const reason = twilioReason(response.status, text, lead, settings.authToken);
        return { ok: false, retry: isRetryableStatus(response.status), reason };
      } catch (error) {
        return outcomeOfNetworkError(error);
      }
    },
  };
}
