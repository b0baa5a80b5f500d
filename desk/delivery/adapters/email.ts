import { basename } from 'node:path';
import type { AttemptOutcome } from '../../jobs/retry-policy.ts';
import type { DeliveryAdapter, DeliveryAttempt, DeliveryContext } from '../adapter.ts';
import type { ConversationUpdate } from '../conversation-update.ts';
import type { LeadRecord } from '../lead-record.ts';
import { createMailer, type Mailer, type MailMessage, SMTP_TIMEOUTS } from '../mailer.ts';
import { emailSubject, emailText, headerSafe, replySubject, replyText } from './email-text.ts';
import { inboxLink, viewingTimeLine } from './lead-text.ts';
import { viewingInviteText } from './viewing-invite.ts';

/** Where the agent's email goes: an SMTP server, or `.eml` files in `mailDir` when none is set. */
export interface EmailSettings {
  smtpUrl: string | null;
  /** `Name <address>` or a bare address: the From header and the invite's ORGANIZER. */
  mailFrom: string;
  mailDir: string;
}

/** The message fields handed to the mailer (exported for tests of the composition). */
export interface EmailMessage extends MailMessage {
  messageId: string;
}

// One plain address, nothing a header parser could read as a second recipient or a comment.
const PLAIN_ADDRESS = /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/;

/** `{ name, address }` of `Name <address>` or a bare address. */
export function parseMailbox(value: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match
    ? { name: match[1] ?? '', address: match[2] ?? '' }
    : { name: '', address: value.trim() };
}

/** A try that failed, and whether to try again. */
export type FailedTry = Extract<AttemptOutcome, { ok: false }>;

/** A job id as it may appear in a Message-ID, a UID and a file name. */
function safeId(jobId: string): string {
  return jobId.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** The Message-ID of one job's message, the same on every try (pure). */
function messageIdOf(attempt: DeliveryAttempt, mailFrom: string): string {
  const domain = parseMailbox(mailFrom).address.split('@')[1] || 'desk.local';
  return `<${safeId(attempt.jobId)}@${domain}>`;
}

/** The agent's "Reply" reaches the visitor, if what the visitor typed is one plain address. */
function visitorReplyTo(lead: LeadRecord): EmailMessage['replyTo'] | undefined {
  return lead.person.email && PLAIN_ADDRESS.test(lead.person.email)
    ? { name: headerSafe(lead.person.name ?? ''), address: lead.person.email }
    : undefined;
}

/** The message for one lead and job (pure but for the invite's DTSTAMP). */
export function composeEmail(
  lead: LeadRecord,
  attempt: DeliveryAttempt,
  context: DeliveryContext,
  mailFrom: string,
  agentEmail: string,
): EmailMessage {
  const from = parseMailbox(mailFrom);
  const domain = from.address.split('@')[1] || 'desk.local';
  const id = safeId(attempt.jobId);
  const visitorName = headerSafe(lead.person.name ?? '');
  const message: EmailMessage = {
    from: mailFrom,
    to: { name: headerSafe(lead.assignedTo.name ?? ''), address: agentEmail },
    subject: emailSubject(lead),
    text: emailText(lead, context),
    // The same id on every try of one job, so a duplicate after a lost reply is recognisable,
    // and stored once sent, so the conversation's reply can thread under it.
    messageId: messageIdOf(attempt, mailFrom),
  };
  const replyTo = visitorReplyTo(lead);
  if (replyTo) {
    message.replyTo = replyTo;
  }
  const first = lead.viewingTimes.find((t) => t.start !== null);
  if (lead.kind === 'viewing-request' && first?.start) {
    const where = lead.listing.address ?? 'viewing';
    const contact = [lead.person.phone, lead.person.email].filter(Boolean).join(', ');
    const description = [
      `Requested: ${viewingTimeLine(first, context.timeZone)}`,
      ...lead.viewingTimes
        .filter((t) => t !== first)
        .map((t) => `Also offered: ${viewingTimeLine(t, context.timeZone)}`),
      contact ? `Contact: ${contact}` : '',
      `Lead: ${inboxLink(context, lead)}`,
    ].filter((l) => l !== '');
    message.icalEvent = {
      method: 'REQUEST',
      filename: 'viewing.ics',
      content: viewingInviteText({
        uid: `${id}@${domain}`,
        start: first.start,
        summary: `Viewing: ${where}${visitorName ? ` – ${visitorName}` : ''}`,
        location: lead.listing.address ?? null,
        description: description.join('\n'),
        organizer: { name: from.name, email: from.address },
        attendee: { name: lead.assignedTo.name, email: agentEmail },
      }),
    };
  }
  return message;
}

/**
 * The reply that follows the alert when the conversation ends (pure): in the alert's thread
 * (`In-Reply-To` and `References` are the alert's stored Message-ID), with the summary and the
 * transcript. Null when the alert's Message-ID was not recorded.
 */
export function composeReply(
  update: ConversationUpdate,
  attempt: DeliveryAttempt,
  context: DeliveryContext,
  mailFrom: string,
  agentEmail: string,
): EmailMessage | null {
  const { messageId, subject } = update.alert;
  if (typeof messageId !== 'string' || !/^<[^<>\s]+>$/.test(messageId)) {
    return null;
  }
  const { lead } = update;
  const message: EmailMessage = {
    from: mailFrom,
    to: { name: headerSafe(lead.assignedTo.name ?? ''), address: agentEmail },
    subject: replySubject(typeof subject === 'string' ? subject : emailSubject(lead)),
    text: replyText(update, context),
    messageId: messageIdOf(attempt, mailFrom),
    inReplyTo: messageId,
    references: messageId,
  };
  const replyTo = visitorReplyTo(lead);
  if (replyTo) {
    message.replyTo = replyTo;
  }
  return message;
}

/**
 * An SMTP failure as an outcome: a 5xx reply is a refusal (dead), a 4xx reply or no reply at
 * all (refused connection, timeout) is worth another try. The reason keeps the code and the
 * command, never the server's text, which usually quotes the addresses.
 */
export function outcomeOfSmtpError(error: unknown): FailedTry {
  const { responseCode, code, command, response } = (error ?? {}) as {
    responseCode?: number;
    code?: string;
    command?: string;
    response?: string;
  };
  if (typeof responseCode === 'number' && responseCode >= 400) {
    const enhanced = /^\d{3}[ -](\d\.\d{1,3}\.\d{1,3})\b/.exec(response ?? '')?.[1];
    const at = command ? ` after ${headerSafe(command).replace(/[^A-Z ]/g, '')}` : '';
    const what = `SMTP ${responseCode}${enhanced ? ` ${enhanced}` : ''}${at}`;
    return responseCode >= 500
      ? { ok: false, retry: false, reason: `${what}: the mail server refused the message` }
      : { ok: false, retry: true, reason: `${what}: the mail server deferred the message` };
  }
  if (code === 'EENVELOPE' || code === 'ECONFIG') {
    return { ok: false, retry: false, reason: `email not sent: ${code}` };
  }
  const name = error instanceof Error ? error.name : 'Error';
  return { ok: false, retry: true, reason: `SMTP connection error: ${code ?? name}` };
}

/**
 * Sends one message as one try of a job, through the one mailer: resolves the file written (no
 * SMTP server) or null, or the failed try's outcome (a file not written is tried again; an SMTP
 * error as {@link outcomeOfSmtpError} says). Never rejects.
 */
export async function sendTry(
  mailer: Mailer,
  message: MailMessage,
  fileTag: string,
): Promise<{ ok: true; file: string | null } | FailedTry> {
  try {
    const sent = await mailer.send(message, fileTag);
    return { ok: true, file: mailer.toFiles ? sent : null };
  } catch (error) {
    if (!mailer.toFiles) {
      return outcomeOfSmtpError(error);
    }
    const code = (error as { code?: string }).code ?? 'Error';
    return { ok: false, retry: true, reason: `email file not written: ${code}` };
  }
}

/**
 * Emails each lead to its assigned agent as plain text, with an `.ics` invite for a viewing
 * request with a resolved time, through the desk's one mailer: without `smtpUrl` each message
 * is written to `mailDir` as `<time>-<job>.eml`. `log`, when given, hears the name of each file
 * written (job id and time only, never the lead).
 */
export function createEmailAdapter(
  settings: EmailSettings,
  context: DeliveryContext,
  log?: (msg: string) => void,
): DeliveryAdapter {
  const mailer = createMailer(settings);

  /** Sends one message; the outcome carries its Message-ID and subject for a reply to thread on. */
  async function send(message: EmailMessage, jobId: string): Promise<AttemptOutcome> {
    const tried = await sendTry(mailer, message, safeId(jobId));
    if (!tried.ok) {
      return tried;
    }
    if (tried.file !== null) {
      log?.(`email for job ${safeId(jobId)} written to ${basename(tried.file)}`);
    }
    return { ok: true, result: { messageId: message.messageId, subject: message.subject } };
  }

  /** The assigned agent's address, or the outcome when there is none to write to. */
  function agentOf(lead: LeadRecord): string | AttemptOutcome {
    const agentEmail = lead.assignedTo.email;
    return agentEmail && PLAIN_ADDRESS.test(agentEmail)
      ? agentEmail
      : { ok: false, retry: false, reason: 'no valid email address for the assigned agent' };
  }

  return {
    name: 'email',
    // The longest single wait of an SMTP exchange (the worker renews the lease past it); a file
    // written to the mail folder has no request to wait for.
    timeoutMs: settings.smtpUrl === null ? 0 : SMTP_TIMEOUTS.socketTimeout,
    async deliver(lead: LeadRecord, attempt: DeliveryAttempt): Promise<AttemptOutcome> {
      const agent = agentOf(lead);
      if (typeof agent !== 'string') {
        return agent;
      }
      return send(composeEmail(lead, attempt, context, settings.mailFrom, agent), attempt.jobId);
    },
    async followUp(update: ConversationUpdate, attempt: DeliveryAttempt) {
      const agent = agentOf(update.lead);
      if (typeof agent !== 'string') {
        return agent;
      }
      const reply = composeReply(update, attempt, context, settings.mailFrom, agent);
      if (reply === null) {
        return { ok: false, retry: false, reason: "no reply: the alert's Message-ID was not kept" };
      }
      return send(reply, attempt.jobId);
    },
    async close() {
      mailer.close();
    },
  };
}
