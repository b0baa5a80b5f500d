// Over 300 lines as one concept: every setting the desk reads from its environment, each with
// its default, its range and the one message that says how to fix it, read in one pass.
import { resolve } from 'node:path';
import { DeskConfigError } from './config-error.ts';
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies.ts';

/** The desk's settings from the environment, validated (docs/desk.md#configure). */
export interface DeskEnv {
  port: number;
  host: string;
  /** `postgres://…`, or `null` for the embedded database in {@link DeskEnv.dataDir}. */
  databaseUrl: string | null;
  /** Where the embedded database and the mail folder live. */
  dataDir: string;
  /** Path of the brokerage's `assistant.config.json`. */
  configFile: string;
  /** Origins whose pages may POST leads (exact `scheme://host[:port]`). */
  allowedOrigins: readonly string[];
  /** The shared secret the platform sends in `x-vapi-secret`; `null` closes the webhook. */
  platformSecret: string | null;
  /** The desk's public base URL (links in emails and the CRM, provisioning). */
  publicUrl: string;
  /**
   * `DESK_PUBLIC_URL`'s origin when it is set: the only origin the inbox takes changes from.
   * `null`: the origin the request names (forwarded by a trusted proxy, or the desk's own).
   */
  publicOrigin: string | null;
  /** Proxies whose `X-Forwarded-For`, `-Proto` and `-Host` are believed. */
  trustedProxies: TrustedProxies;
  /**
   * Who may read `GET /metrics` (docs/desk.md#metrics): the addresses that may ask directly
   * (`DESK_METRICS_HOST`, loopback by default), and the bearer token anyone else must send.
   */
  metrics: { hosts: TrustedProxies; token: string | null };
  /** `POST /leads` requests allowed per client IP per minute. */
  leadsPerMinute: number;
  /** `POST /platform/webhook` requests allowed per client IP per minute (`0`: no limit). */
  platformPerMinute: number;
  fub: { baseUrl: string; apiKey: string; system: string | null; systemKey: string | null } | null;
  webhook: { url: string; secret: string } | null;
  /** Texts to agents through Twilio's Messages API: set when its account, token and sender are. */
  twilio: { baseUrl: string; accountSid: string; authToken: string; from: string } | null;
  /** `smtp://…` / `smtps://…`, or `null` to write `.eml` files to `<dataDir>/mail`. */
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  /** How long inbox sessions live (`DESK_SESSION_IDLE_HOURS`, `DESK_SESSION_MAX_DAYS`). */
  sessions: { idleMs: number; maxMs: number };
  /** How long a worker holds a delivery job before another may take it. */
  deliveryLeaseMs: number;
  /** The delivery retry schedule: the first wait, and the longest (docs/desk.md#jobs). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a stop waits for requests and deliveries in hand (docs/desk.md#production). */
  shutdownMs: number;
}

/** The variables read, for the table in docs/desk.md#configure and for error messages. */
export const DESK_ENV_NAMES = [
  'DESK_PORT',
  'DESK_HOST',
  'DATABASE_URL',
  'DESK_DATA_DIR',
  'DESK_CONFIG',
  'DESK_ALLOWED_ORIGINS',
  'DESK_PLATFORM_SECRET',
  'DESK_PUBLIC_URL',
  'DESK_TRUSTED_PROXIES',
  'DESK_LEADS_PER_MINUTE',
  'DESK_PLATFORM_PER_MINUTE',
  'DESK_METRICS_HOST',
  'DESK_METRICS_TOKEN',
  'FUB_BASE_URL',
  'FUB_API_KEY',
  'FUB_X_SYSTEM',
  'FUB_X_SYSTEM_KEY',
  'DESK_WEBHOOK_URL',
  'DESK_WEBHOOK_SECRET',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_BASE_URL',
  'SMTP_URL',
  'DESK_MAIL_FROM',
  'DESK_LOG_LEVEL',
  'DESK_SESSION_IDLE_HOURS',
  'DESK_SESSION_MAX_DAYS',
  'DESK_DELIVERY_LEASE_MS',
  'DESK_RETRY_BASE_MS',
  'DESK_RETRY_MAX_MS',
  'DESK_SHUTDOWN_MS',
] as const;

export type DeskEnvInput = Partial<Record<(typeof DESK_ENV_NAMES)[number], string | undefined>>;

const DEFAULT_PORT = 8787;
const DEFAULT_LEADS_PER_MINUTE = 120;
/** A call sends a message every few seconds while it runs; the platform's few servers send them all. */
const DEFAULT_PLATFORM_PER_MINUTE = 1200;
const DEFAULT_SESSION_IDLE_HOURS = 12;
const DEFAULT_SESSION_MAX_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_RETRY_BASE_MS = 10_000;
const DEFAULT_RETRY_MAX_MS = 60 * 60 * 1000;
/** A day: no wait of the desk's is longer. */
const MAX_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SHUTDOWN_MS = 10_000;
/** Who reads GET /metrics without a token: a collector on the desk's own machine. */
const DEFAULT_METRICS_HOSTS = '127.0.0.0/8, ::1';
/** A shared secret shorter than this is guessable enough to refuse (256 bits as hex is 64). */
export const MIN_PLATFORM_SECRET_CHARS = 32;

function blank(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function url(name: string, value: string, problems: string[], protocols: readonly string[]) {
  try {
    const parsed = new URL(value);
    if (!protocols.includes(parsed.protocol)) {
      problems.push(`${name} must start with ${protocols.join(' or ')} (got "${parsed.protocol}")`);
    }
    return parsed;
  } catch {
    problems.push(`${name} must be an absolute URL`);
    return null;
  }
}

/** The range a whole-number setting may take, and the unit its message names. */
interface WholeRange {
  min?: number;
  max?: number;
  unit?: string;
}

// Every numeric setting: a whole number within its range, else its default and a problem.
function integer(
  name: string,
  value: string | null,
  fallback: number,
  problems: string[],
  { min = 0, max = 65535, unit }: WholeRange = {},
) {
  if (value === null) {
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    const what = unit === undefined ? 'a whole number' : `a whole number of ${unit}`;
    problems.push(`${name} must be ${what} from ${min} to ${max} (got "${value}")`);
    return fallback;
  }
  return n;
}

/**
 * Reads the desk's environment (pure); throws {@link DeskConfigError} naming every bad
 * variable. Secrets are checked for presence only and never echoed in a message.
 */
export function parseDeskEnv(env: DeskEnvInput, cwd = process.cwd()): DeskEnv {
  const problems: string[] = [];
  const port = integer('DESK_PORT', blank(env.DESK_PORT), DEFAULT_PORT, problems);
  const host = blank(env.DESK_HOST) ?? '127.0.0.1';
  const databaseUrl = blank(env.DATABASE_URL);
  if (databaseUrl !== null) {
    url('DATABASE_URL', databaseUrl, problems, ['postgres:', 'postgresql:']);
  }
  const origins = (blank(env.DESK_ALLOWED_ORIGINS) ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const origin of origins) {
    const parsed = url('DESK_ALLOWED_ORIGINS', origin, problems, ['http:', 'https:']);
    if (parsed && parsed.origin !== origin.replace(/\/$/, '')) {
      problems.push(
        `DESK_ALLOWED_ORIGINS lists "${origin}": write the origin only, like ${parsed.origin}`,
      );
    }
  }
  const publicUrlSet = blank(env.DESK_PUBLIC_URL);
  const publicUrl = publicUrlSet ?? `http://${host}:${port}`;
  const publicParsed = url('DESK_PUBLIC_URL', publicUrl, problems, ['http:', 'https:']);
  const trusted = parseTrustedProxies(blank(env.DESK_TRUSTED_PROXIES));
  problems.push(...trusted.problems);
  const metricsHosts = blank(env.DESK_METRICS_HOST) ?? DEFAULT_METRICS_HOSTS;
  const metricsList = parseTrustedProxies(metricsHosts === 'none' ? null : metricsHosts);
  problems.push(
    ...metricsList.problems.map((p) => p.replace('DESK_TRUSTED_PROXIES', 'DESK_METRICS_HOST')),
  );
  const metricsToken = blank(env.DESK_METRICS_TOKEN);
  if (metricsToken !== null && metricsToken.length < MIN_PLATFORM_SECRET_CHARS) {
    problems.push(
      `DESK_METRICS_TOKEN must be at least ${MIN_PLATFORM_SECRET_CHARS} characters long (make one with: openssl rand -hex 32)`,
    );
  }
  const fubKey = blank(env.FUB_API_KEY);
  const fubBase = blank(env.FUB_BASE_URL) ?? 'https://api.followupboss.com';
  url('FUB_BASE_URL', fubBase, problems, ['http:', 'https:']);
  const webhookUrl = blank(env.DESK_WEBHOOK_URL);
  const webhookSecret = blank(env.DESK_WEBHOOK_SECRET);
  if (webhookUrl !== null) {
    url('DESK_WEBHOOK_URL', webhookUrl, problems, ['http:', 'https:']);
    if (webhookSecret === null || !/^whsec_[A-Za-z0-9+/=]{16,}$/.test(webhookSecret)) {
      problems.push('DESK_WEBHOOK_SECRET must be set with DESK_WEBHOOK_URL, as whsec_<base64>');
    }
  }
  const twilio = {
    accountSid: blank(env.TWILIO_ACCOUNT_SID),
    authToken: blank(env.TWILIO_AUTH_TOKEN),
    from: blank(env.TWILIO_FROM),
  };
  const twilioSet = Object.values(twilio).filter((v) => v !== null).length;
  if (twilioSet > 0 && twilioSet < 3) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set together');
  }
  const twilioBase = blank(env.TWILIO_BASE_URL) ?? 'https://api.twilio.com';
  url('TWILIO_BASE_URL', twilioBase, problems, ['http:', 'https:']);
  const smtpUrl = blank(env.SMTP_URL);
  if (smtpUrl !== null) {
    url('SMTP_URL', smtpUrl, problems, ['smtp:', 'smtps:']);
  }
  const leadsPerMinute = integer(
    'DESK_LEADS_PER_MINUTE',
    blank(env.DESK_LEADS_PER_MINUTE),
    DEFAULT_LEADS_PER_MINUTE,
    problems,
  );
  const platformPerMinute = integer(
    'DESK_PLATFORM_PER_MINUTE',
    blank(env.DESK_PLATFORM_PER_MINUTE),
    DEFAULT_PLATFORM_PER_MINUTE,
    problems,
    { max: 1_000_000 },
  );
  // Hours and days of at least 1: a session of 0 hours would never start.
  const sessionRange = { min: 1, max: 100_000 };
  const idleHours = integer(
    'DESK_SESSION_IDLE_HOURS',
    blank(env.DESK_SESSION_IDLE_HOURS),
    DEFAULT_SESSION_IDLE_HOURS,
    problems,
    sessionRange,
  );
  const maxDays = integer(
    'DESK_SESSION_MAX_DAYS',
    blank(env.DESK_SESSION_MAX_DAYS),
    DEFAULT_SESSION_MAX_DAYS,
    problems,
    sessionRange,
  );
  const deliveryLeaseMs = integer(
    'DESK_DELIVERY_LEASE_MS',
    blank(env.DESK_DELIVERY_LEASE_MS),
    DEFAULT_LEASE_MS,
    problems,
    { min: 1000, max: MAX_MS, unit: 'milliseconds' },
  );
  const retryBaseMs = integer(
    'DESK_RETRY_BASE_MS',
    blank(env.DESK_RETRY_BASE_MS),
    DEFAULT_RETRY_BASE_MS,
    problems,
    { min: 1, max: MAX_MS, unit: 'milliseconds' },
  );
  const retryMaxMs = integer(
    'DESK_RETRY_MAX_MS',
    blank(env.DESK_RETRY_MAX_MS),
    DEFAULT_RETRY_MAX_MS,
    problems,
    { min: 1, max: MAX_MS, unit: 'milliseconds' },
  );
  if (retryMaxMs < retryBaseMs) {
    problems.push(`DESK_RETRY_MAX_MS must be at least DESK_RETRY_BASE_MS (${retryBaseMs})`);
  }
  const platformSecret = blank(env.DESK_PLATFORM_SECRET);
  if (platformSecret !== null && platformSecret.length < MIN_PLATFORM_SECRET_CHARS) {
    problems.push(
      `DESK_PLATFORM_SECRET must be at least ${MIN_PLATFORM_SECRET_CHARS} characters long (make one with: openssl rand -hex 32)`,
    );
  }
  const shutdownMs = integer(
    'DESK_SHUTDOWN_MS',
    blank(env.DESK_SHUTDOWN_MS),
    DEFAULT_SHUTDOWN_MS,
    problems,
    { max: 600_000 },
  );
  if (problems.length > 0) {
    throw new DeskConfigError(problems);
  }
  const dataDir = resolve(cwd, blank(env.DESK_DATA_DIR) ?? 'data/desk');
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    configFile: resolve(cwd, blank(env.DESK_CONFIG) ?? 'assistant.config.json'),
    allowedOrigins: origins.map((o) => new URL(o).origin),
    platformSecret,
    publicUrl: publicUrl.replace(/\/$/, ''),
    publicOrigin: publicUrlSet !== null && publicParsed ? publicParsed.origin : null,
    trustedProxies: trusted.proxies,
    metrics: { hosts: metricsList.proxies, token: metricsToken },
    leadsPerMinute,
    platformPerMinute,
    fub:
      fubKey === null
        ? null
        : {
            baseUrl: fubBase.replace(/\/$/, ''),
            apiKey: fubKey,
            system: blank(env.FUB_X_SYSTEM),
            systemKey: blank(env.FUB_X_SYSTEM_KEY),
          },
    webhook:
      webhookUrl !== null && webhookSecret !== null
        ? { url: webhookUrl, secret: webhookSecret }
        : null,
    twilio:
      twilio.accountSid !== null && twilio.authToken !== null && twilio.from !== null
        ? {
            baseUrl: twilioBase.replace(/\/$/, ''),
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            from: twilio.from,
          }
        : null,
    smtpUrl,
    mailFrom: blank(env.DESK_MAIL_FROM) ?? 'Hearthline Desk <desk@localhost>',
    logLevel: blank(env.DESK_LOG_LEVEL) ?? 'info',
    sessions: { idleMs: idleHours * HOUR_MS, maxMs: maxDays * 24 * HOUR_MS },
    deliveryLeaseMs,
    retryBaseMs,
    retryMaxMs,
    shutdownMs,
  };
}
