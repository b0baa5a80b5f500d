import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A loopback SMTP server (the `smtp-server` package, plain text, no auth required) that keeps
 * every message it accepts and can refuse the next few with a chosen reply code, plus a small
 * MIME reader so tests can look at decoded parts without a mail parser dependency.
 */

/** One accepted message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`, an SMTP_URL. */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /**
   * Refuse the next `count` messages with `code` (550, 451…), at RCPT TO or after DATA;
   * 4xx is "try later", 5xx is "never".
   */
  rejectNext(count: number, code: number, stage?: 'rcpt' | 'data'): void;
  reset(): void;
  close(): Promise<void>;
}

function smtpError(code: number): Error {
  const error = new Error(code >= 500 ? '5.7.1 Message refused' : '4.7.1 Try again later');
  return Object.assign(error, { responseCode: code });
}

/** Starts the stand-in on 127.0.0.1 with an ephemeral port. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  let reject: { count: number; code: number; stage: 'rcpt' | 'data' } | null = null;

  function takeRejection(stage: 'rcpt' | 'data'): Error | null {
    if (reject === null || reject.count <= 0 || reject.stage !== stage) {
      return null;
    }
    reject.count -= 1;
    return smtpError(reject.code);
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(takeRejection('rcpt'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = takeRejection('data');
        if (refused) {
          callback(refused);
          return;
        }
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectNext(count, code, stage = 'data') {
      reject = { count, code, stage };
    },
    reset() {
      messages.length = 0;
      reject = null;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** One MIME leaf part: its headers (lower-case names, unfolded) and its decoded body. */
export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The message's top-level headers and every leaf part (multiparts walked depth first). */
export function readMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = (entity: string): [Record<string, string>, string] => {
    const at = entity.search(/\r?\n\r?\n/);
    const head = at < 0 ? entity : entity.slice(0, at);
    const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
    return [splitHeaders(head), body];
  };
  const walk = (entity: string): MimePart[] => {
    const [headers, body] = split(entity);
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!(headers['content-type'] ?? '').toLowerCase().startsWith('multipart/') || !boundary) {
      return [{ headers, body: decodeBody(headers, body) }];
    }
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((s) => !s.startsWith('--'))
      .flatMap((s) => walk(s.replace(/^\r?\n/, '')));
  };
  const [headers] = split(raw);
  return { headers, parts: walk(raw) };
}
