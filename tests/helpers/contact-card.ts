import type { Page } from 'playwright-core';

/** The contact card's box sentence for `phone`, naming `seller` (issue 29 §3). */
export function boxSentence(phone: string, seller = 'Maple Ridge Realty'): string {
  return `${seller} may call or text me at ${phone} about homes. Consent is not a condition of buying.`;
}

/**
 * Sends the contact card a capture with a phone number shows (docs/behaviour.md#leads), ticking
 * its box or not, and waits until it is gone.
 */
export async function sendContactCard(page: Page, tick: boolean, timeout = 30_000): Promise<void> {
  const card = page.getByRole('dialog', { name: 'Check your details' });
  await card.waitFor({ timeout });
  if (tick) {
    await card.getByRole('checkbox').check();
  }
  await card.getByRole('button', { name: 'Send' }).click();
  await card.waitFor({ state: 'detached' });
}
