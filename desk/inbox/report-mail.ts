import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { DeskEnv } from '../config/desk-env.ts';
import { mailDirOf } from '../delivery/adapters/create-adapters.ts';

/** One plain-text message from the desk. */
export interface DeskMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
}

/**
 * Sends messages the way the desk's email adapter does: through `SMTP_URL`, or, without it, as
 * `.eml` files in `<dataDir>/mail` (written under a temporary name, then renamed). Resolves
 * where each went (the file name, or `smtp`).
 */
export async function sendDeskMail(
  env: Pick<DeskEnv, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  messages: readonly DeskMail[],
  fileTag: string,
): Promise<string[]> {
  const toFiles = env.smtpUrl === null;
  const transport = toFiles
    ? createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
    : createTransport({ url: env.smtpUrl ?? '', connectionTimeout: 15_000, socketTimeout: 30_000 });
  const sent: string[] = [];
  try {
    for (const [i, message] of messages.entries()) {
      const info = await transport.sendMail({ from: env.mailFrom, ...message });
      if (!toFiles) {
        sent.push('smtp');
        continue;
      }
      const dir = mailDirOf(env);
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${fileTag}-${i + 1}.eml`;
      await writeFile(join(dir, `.${name}.tmp`), info.message as Buffer);
      await rename(join(dir, `.${name}.tmp`), join(dir, name));
      sent.push(join(dir, name));
    }
  } finally {
    transport.close();
  }
  return sent;
}
