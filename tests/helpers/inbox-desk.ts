import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type DeskEnvInput, parseDeskEnv } from '../../desk/config/desk-env.ts';
import { type RunningDesk, type StartOptions, startDesk } from '../../desk/start-desk.ts';
import { launchChromium, openPage, type PageProblems } from './chromium.ts';
import { ACCOUNTS, createAccounts, type InboxAccount } from './inbox-api.ts';

export { ACCOUNTS, type InboxAccount };

/**
 * The inbox's browser tests run against the real desk (desk/start-desk.ts): in this process, on
 * a free loopback port, PGlite in a temporary folder, serving the built app from dist/inbox.
 * Accounts are made with the desk's own createUser; leads arrive as the widget sends them, by
 * POST /leads.
 */
/** What a test lead says; every field has a default. */
export interface TestLead {
  name?: string;
  email?: string;
  phone?: string;
  kind?: 'lead' | 'viewing-request';
  /** Routing: `MRR-14-LINDEN` goes to Daniel; a listing agent named `Priya Sandhu` to Priya. */
  listing?: { address?: string; id?: string; agentName?: string; price?: string };
  preferredTimes?: string[];
  /** Transcript lines, stored as the widget's end-of-conversation report. */
  messages?: { role: 'assistant' | 'user'; text: string; secondsFromStart?: number }[];
  capturedAt?: string;
  /** The conversation it came from: the same id for two captures of one conversation. */
  conversationId?: string;
  /** Sent from the offline demo (`demo: true`), shown with a Demo badge. */
  demo?: boolean;
}

export interface InboxDesk {
  readonly url: string;
  readonly desk: RunningDesk;
  /** Posts a capture (and its transcript) as the widget would; resolves the capture's id. */
  addLead(lead?: TestLead): Promise<string>;
  /** The id of the lead (the person) a capture joined: the inbox's `/inbox/leads/:id`. */
  leadIdOf(captureId: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds dist/inbox when it is missing (a test run after `npm run build` finds it there). */
export function ensureInboxBuilt(): void {
  if (!existsSync('dist/inbox/index.html')) {
    execFileSync(
      'npx',
      ['vite', 'build', '--config', 'vite.inbox.config.ts', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
        timeout: 120_000,
      },
    );
  }
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** What an inbox test may change of the desk's start. */
export type InboxDeskOptions = Pick<
  StartOptions,
  'deliver' | 'pollMs' | 'adapters' | 'weeklyReport'
>;

/**
 * Starts the desk for the inbox's tests; `env` adds settings (`DESK_TRUSTED_PROXIES`), and
 * `options.deliver` runs the outbox (with the invite and reset emails) and the escalation timers
 * (off by default).
 */
export async function startInboxDesk(
  env: DeskEnvInput = {},
  options: InboxDeskOptions = {},
): Promise<InboxDesk> {
  ensureInboxBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'inbox-test-'));
  const desk = await startDesk(
    parseDeskEnv({
      DESK_PORT: '0',
      DESK_DATA_DIR: dataDir,
      DESK_LOG_LEVEL: 'warn',
      DESK_LEADS_PER_MINUTE: '0',
      ...env,
    }),
    { log: pino({ level: 'silent' }), deliver: false, ...options },
  );
  const db = desk.services.database.db;
  await createAccounts(db);
  let leadCount = 0;
  return {
    url: desk.url,
    desk,
    async addLead(lead = {}) {
      const conversationId = lead.conversationId ?? `call-${randomUUID()}`;
      const kind = lead.kind ?? 'lead';
      // Each lead its own person: the desk merges leads that share a phone or an email.
      leadCount += 1;
      const contact = {
        name: lead.name ?? 'Sam Rivera',
        email: lead.email ?? `visitor${leadCount}@example.com`,
        phone: lead.phone ?? `+1 604 555 ${String(1000 + leadCount).slice(-4)}`,
      };
      const capturedAt = lead.capturedAt ?? new Date().toISOString();
      const answer = await post(`${desk.url}/leads`, {
        kind,
        idempotencyKey: `key-${randomUUID()}`,
        conversationId,
        capturedAt,
        listing: lead.listing ?? {
          address: '14 Linden Court',
          id: 'MRR-14-LINDEN',
          price: '$450,000',
        },
        fields:
          kind === 'lead'
            ? { ...contact, intent: 'buy', consentToContact: true }
            : { ...contact, preferredTimes: lead.preferredTimes ?? ['Saturday at 2 pm'] },
        consent: {
          version: 'disclosure-v1',
          text: 'This call is recorded so our agents can follow up.',
          acceptedAt: capturedAt,
        },
        pageUrl: 'https://maple-ridge.example/listings/14-linden-court',
        ...(lead.demo && { demo: true }),
      });
      if (lead.messages) {
        await post(`${desk.url}/leads`, {
          kind: 'conversation',
          idempotencyKey: `conv-${randomUUID()}`,
          conversationId,
          messages: lead.messages,
          durationSeconds: 95,
          endedReason: 'customer-ended-call',
          ...(lead.demo && { demo: true }),
        });
      }
      return String(answer.id);
    },
    async leadIdOf(captureId) {
      const row = await desk.services.database.db
        .selectFrom('captures')
        .select('lead_id')
        .where('id', '=', captureId)
        .executeTakeFirstOrThrow();
      return row.lead_id;
    },
    async close() {
      await desk.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A desk and a Chromium for the tests of one file, started together and closed after them.
 * `env` is read when they start (after the file's earlier `beforeAll`s, e.g. a stand-in's).
 */
export function inboxFixture(
  options: InboxDeskOptions = {},
  env: () => DeskEnvInput = () => ({}),
): {
  readonly desk: InboxDesk;
  readonly browser: Browser;
} {
  let desk: InboxDesk | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startInboxDesk(env(), options),
      launchChromium(),
    ]);
    desk = started.status === 'fulfilled' ? started.value : undefined;
    browser = launched.status === 'fulfilled' ? launched.value : undefined;
    if (started.status === 'rejected' || launched.status === 'rejected') {
      await Promise.allSettled([desk?.close(), browser?.close()]);
      throw started.status === 'rejected'
        ? started.reason
        : (launched as PromiseRejectedResult).reason;
    }
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), desk?.close()]);
  });
  return {
    get desk() {
      if (!desk) {
        throw new Error('inboxFixture read before beforeAll');
      }
      return desk;
    },
    get browser() {
      if (!browser) {
        throw new Error('inboxFixture read before beforeAll');
      }
      return browser;
    },
  };
}

/**
 * The 401s the app expects (its session check before signing in, a refused password) are logged
 * by Chromium as failed loads: the problems a test may see without failing.
 */
export const EXPECTED_LOAD_ERRORS = [/status of 401/];

/**
 * Runs `fn` on a fresh page in a fresh context (its own cookies), failing on any page error or
 * CSP report except `allow`. A `dialog` (an injected `alert`) is recorded and fails the test.
 */
export async function withInboxPage<T>(
  browser: Browser,
  fn: (page: Page, context: BrowserContext, problems: PageProblems) => Promise<T>,
  allow: RegExp[] = EXPECTED_LOAD_ERRORS,
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const { page, problems } = await openPage(context);
    page.on('dialog', (dialog) => {
      problems.list.push(`dialog: ${dialog.message()}`);
      dialog.dismiss().catch(() => undefined);
    });
    const result = await fn(page, context, problems);
    problems.assertNone(allow);
    return result;
  } finally {
    await context.close();
  }
}

/** Signs in through the form and waits for the leads list. */
export async function signIn(page: Page, url: string, account: InboxAccount): Promise<void> {
  await page.goto(`${url}/inbox/sign-in`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
}
