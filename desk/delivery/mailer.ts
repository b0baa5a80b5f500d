import { writeFile } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTransport } from 'nodemailer';
import type { DeskEnv } from '../config/desk-env.ts';

/** Where the desk's email goes: an SMTP server, or `.eml` files in `mailDir` when none is set. */
export interface MailSettings {
  smtpUrl: string | null;
  mailDir: string;
}

/** One message as nodemailer takes it (the fields the desk uses). */
export interface MailMessage {
  from: string;
  to: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  messageId?: string;
  /** A reply's thread: the Message-ID it answers (`In-Reply-To`) and the thread's (`References`). */
  inReplyTo?: string;
  references?: string;
  icalEvent?: { method: 'REQUEST'; filename: string; content: string };
}

/** Sends the desk's email: the agents' leads and the brokers' weekly report alike. */
export interface Mailer {
  /** True when there is no SMTP server and messages become files. */
  readonly toFiles: boolean;
  /**
   * Sends one message; resolves the file written (`<time>-<tag>.eml` in the mail folder) or
   * `smtp`. Rejects with nodemailer's error (its `responseCode`, `code` and `command`).
   */
  send(message: MailMessage, fileTag: string): Promise<string>;
  close(): void;
}

/** The folder `.eml` files go to when no SMTP server is configured. */
export function mailDirOf(env: Pick<DeskEnv, 'dataDir'>): string {
  return join(env.dataDir, 'mail');
}

// A job's try must end well inside its lease; nodemailer's defaults wait minutes.
export const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
};

/** Writes a whole file: what `writeMailFile` writes with unless a test gives another. */
type WriteWhole = (path: string, data: Buffer) => Promise<void>;

// The callback `fs.writeFile`, promisified: a third of the promise API's main-thread CPU per
// file, which makes a FileHandle and checks an abort signal for each (issue 31 #13).
const writeWhole: WriteWhole = promisify(writeFile);

/**
 * Writes a message whole or not at all: under a temporary name, then renamed. A failed write (a
 * full disk) removes what it left, so no `.eml.tmp` stays behind, and the error goes on to the
 * job's retry. `write` is the file system's (tests give one that fails halfway).
 */
export async function writeMailFile(
  dir: string,
  name: string,
  message: Buffer,
  write: WriteWhole = writeWhole,
): Promise<string> {
  const temp = join(dir, `.${name}.tmp`);
  try {
    await write(temp, message);
    await rename(temp, join(dir, name));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return join(dir, name);
}

/**
 * The one mailer. Without `smtpUrl` each message is written to `mailDir` under a temporary name,
 * then renamed, so a reader never sees half a file: that is how a brokerage tries the desk
 * before it has a mail server.
 */
export function createMailer(settings: MailSettings): Mailer {
  const toFiles = settings.smtpUrl === null;
  const transport =
    settings.smtpUrl === null
      ? createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
      : createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  // The folder is made once, and again only if it went away (a write finds it missing).
  let folderMade = false;
  const makeFolder = async () => {
    await mkdir(settings.mailDir, { recursive: true });
    folderMade = true;
  };
  return {
    toFiles,
    async send(message, fileTag) {
      const info = await transport.sendMail(message);
      if (!toFiles) {
        return 'smtp';
      }
      if (!folderMade) {
        await makeFolder();
      }
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileTag}.eml`;
      const file = info.message as Buffer;
      return writeMailFile(settings.mailDir, name, file).catch(async (error: unknown) => {
        if ((error as { code?: unknown }).code !== 'ENOENT') {
          throw error;
        }
        await makeFolder();
        return writeMailFile(settings.mailDir, name, file);
      });
    },
    close() {
      transport.close();
    },
  };
}
