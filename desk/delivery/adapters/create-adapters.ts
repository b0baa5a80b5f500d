import type { DeskEnv } from '../../config/desk-env.ts';
import type { DeliveryAdapter, DeliveryContext } from '../adapter.ts';
import { mailDirOf } from '../mailer.ts';
import { createEmailAdapter } from './email.ts';
import { createFollowUpBossAdapter } from './follow-up-boss.ts';
import { type AgentPhone, createSmsAdapter } from './sms.ts';
import { createWebhookAdapter } from './webhook.ts';

/**
 * The adapters the environment enables: Follow Up Boss with `FUB_API_KEY`, the signed webhook
 * with `DESK_WEBHOOK_URL`, texts to the agent's phone with `TWILIO_*` (`phoneOf` finds it), and
 * email always (to `.eml` files until `SMTP_URL` is set, so a
 * fresh desk shows its leads somewhere without any account). `log` hears once, at start, where
 * the mail files go, so nobody waits for an email that is sitting in a folder.
 */
export function createAdapters(
  env: DeskEnv,
  context: DeliveryContext,
  log?: (msg: string) => void,
  phoneOf: AgentPhone = () => null,
): DeliveryAdapter[] {
  const adapters: DeliveryAdapter[] = [];
  if (env.fub) {
    adapters.push(createFollowUpBossAdapter(env.fub, context));
  }
  if (env.webhook) {
    adapters.push(createWebhookAdapter(env.webhook, context));
  }
  if (env.twilio) {
    adapters.push(createSmsAdapter(env.twilio, context, phoneOf));
  }
  const mailDir = mailDirOf(env);
  if (env.smtpUrl === null) {
    log?.(`SMTP_URL is not set: emails to agents are written as .eml files to ${mailDir}`);
  }
  // `log` is not handed on: one line at start says where mail goes, not one per message.
  adapters.push(
    createEmailAdapter({ smtpUrl: env.smtpUrl, mailFrom: env.mailFrom, mailDir }, context),
  );
  return adapters;
}
