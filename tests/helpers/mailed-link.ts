import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The path (`/inbox/invite#<token>` or `/inbox/reset#<token>`) of the newest invite or reset
 * email the desk wrote to `to` in `<dataDir>/mail` (no SMTP_URL), or null when there is none yet.
 */
export async function mailedLink(
  dataDir: string,
  to: string,
  kind: 'invite' | 'reset',
): Promise<string | null> {
  const dir = join(dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith(`-${kind}.eml`))
    .sort()
    .reverse();
  for (const name of names) {
    // Quoted-printable folds long lines with "=" at the end: unfold before reading the link.
    const text = (await readFile(join(dir, name), 'utf8')).replace(/=\r?\n/g, '');
    if (text.includes(`<${to}>`)) {
      return /\/inbox\/(?:invite|reset)#[A-Za-z0-9_-]{20,}/.exec(text)?.[0] ?? null;
    }
  }
  return null;
}
