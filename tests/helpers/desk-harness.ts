import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { type DeskEnvInput, parseDeskEnv } from '../../desk/config/desk-env.ts';
import { type RunningDesk, type StartOptions, startDesk } from '../../desk/start-desk.ts';

/** A desk started for one test file, on a free loopback port, in its own data folder. */
export interface TestDesk extends RunningDesk {
  dataDir: string;
  /** Log lines the desk wrote (JSON objects), to check what a log may hold. */
  logLines: Record<string, unknown>[];
  /** Stops the desk and removes its data folder. */
  close(): Promise<void>;
}

/** The page origin the tests send leads from. */
export const TEST_ORIGIN = 'http://127.0.0.1:4173';

/**
 * Starts the desk in this process (real HTTP on 127.0.0.1, PGlite in a temp folder unless
 * `DATABASE_URL` is given), with the repository's assistant.config.json.
 */
export async function startTestDesk(
  env: DeskEnvInput = {},
  options: StartOptions = {},
): Promise<TestDesk> {
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-test-'));
  const logLines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    {
      write(line: string) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  const desk = await startDesk(
    parseDeskEnv({
      DESK_PORT: '0',
      DESK_DATA_DIR: dataDir,
      DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
      ...env,
    }),
    { log, ...options },
  );
  return {
    ...desk,
    dataDir,
    logLines,
    async close() {
      await desk.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to the desk, as a page at {@link TEST_ORIGIN} would. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A viewing request body as the widget sends it to `lead-endpoint`. */
export function viewingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'viewing-request',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    conversationId: 'call-1',
    toolCallId: 'tool-1',
    capturedAt: '2026-11-25T19:00:00.000Z',
    listing: {
      address: '14 Linden Court',
      price: '$450,000',
      id: 'MRR-14-LINDEN',
      agentName: 'Daniel',
    },
    fields: { preferredTimes: ['Saturday 2:00 PM'], name: 'Sam Rivera', phone: '604 555 0134' },
    consent: {
      version: '0123456789abcdef',
      text: 'This call is recorded so our agents can follow up.',
      acceptedAt: '2026-11-25T18:58:00.000Z',
    },
    pageUrl: 'https://maple-ridge.example/listings/14-linden-court',
    ...overrides,
  };
}

/** A typed chat's transcript as the widget sends it when the chat ends (a minute long). */
export function chatEndedBody(
  conversationId: string,
  messages: readonly { role: 'user' | 'assistant'; text: string }[],
): Record<string, unknown> {
  return {
    kind: 'conversation',
    idempotencyKey: `conv-${conversationId}`,
    conversationId,
    channel: 'chat',
    messages: messages.map((m, i) => ({ ...m, secondsFromStart: i + 1 })),
    startedAt: '2026-11-25T19:00:00.000Z',
    endedAt: '2026-11-25T19:01:00.000Z',
    durationSeconds: 60,
  };
}

/** A lead body as the widget sends it. */
export function leadBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'lead',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    conversationId: 'call-1',
    toolCallId: 'tool-2',
    capturedAt: '2026-11-25T19:01:00.000Z',
    listing: { address: '14 Linden Court', id: 'MRR-14-LINDEN', agentName: 'Daniel' },
    fields: {
      name: 'Sam Rivera',
      email: 'sam@example.com',
      phone: '+1 604-555-0134',
      intent: 'buy',
      consentToContact: true,
    },
    ...overrides,
  };
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function until<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
