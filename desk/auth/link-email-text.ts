import { type TokenPurpose, USER_TOKEN_TTL_MS } from './user-tokens.ts';

/**
 * Where a one-time link opens the inbox: the page that sets the password, the token after `#`
 * (never sent to the desk, so never in its request log).
 */
export function linkPath(purpose: TokenPurpose, token: string): string {
  return `/inbox/${purpose === 'invite' ? 'invite' : 'reset'}#${encodeURIComponent(token)}`;
}

/** The invite or reset email (pure): who it is for, what the link does, when it stops working. */
export function linkMessage(
  purpose: TokenPurpose,
  to: { name: string; email: string },
  link: string,
  brokerageName: string,
): { subject: string; text: string } {
  const hours = USER_TOKEN_TTL_MS / 3_600_000;
  if (purpose === 'invite') {
    return {
      subject: `You're invited to ${brokerageName}'s inbox`,
      text: [
        `Hello ${to.name},`,
        '',
        `${brokerageName} has added you to its lead inbox. Set your password here:`,
        '',
        link,
        '',
        `The link works once, for ${hours} hours. Then sign in with ${to.email}.`,
      ].join('\n'),
    };
  }
  return {
    subject: `Reset your password for ${brokerageName}'s inbox`,
    text: [
      `Hello ${to.name},`,
      '',
      'Someone asked to reset the password of your inbox account. Choose a new one here:',
      '',
      link,
      '',
      `The link works once, for ${hours} hours. If you did not ask, ignore this email: your password stays as it is.`,
    ].join('\n'),
  };
}
