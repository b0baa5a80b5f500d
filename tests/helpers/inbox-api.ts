import type { Kysely } from 'kysely';
import { createUser } from '../../desk/auth/users.ts';
import { CSRF_HEADER, SESSION_COOKIE } from '../../desk/inbox/api-contract.ts';
import type { DeskDatabase } from '../../desk/storage/schema.ts';

/** An inbox user the tests create. */
export interface InboxAccount {
  email: string;
  name: string;
  password: string;
  role: 'broker' | 'agent';
}

/** The broker, and the two agents of assistant.config.json under their config emails. */
export const ACCOUNTS = {
  broker: {
    email: 'maya@maple-ridge.example',
    name: 'Maya Chen',
    password: 'broker-password-0001',
    role: 'broker',
  },
  daniel: {
    email: 'daniel@maple-ridge.example',
    name: 'Daniel Okafor',
    password: 'agent-password-daniel',
    role: 'agent',
  },
  priya: {
    email: 'priya@maple-ridge.example',
    name: 'Priya Sandhu',
    password: 'agent-password-priya',
    role: 'agent',
  },
} as const satisfies Record<string, InboxAccount>;

/** Creates {@link ACCOUNTS} with the desk's own createUser. */
export async function createAccounts(db: Kysely<DeskDatabase>): Promise<void> {
  for (const account of Object.values(ACCOUNTS)) {
    await createUser(db, account);
  }
}

/** A signed-in API client: its cookie and CSRF token, as the inbox app holds them. */
export interface ApiSession {
  cookie: string;
  csrf: string;
  setCookie: string;
}

/** POST /api/session; the raw answer. */
export function postSignIn(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** Signs in through the API; fails the test unless it is 200. */
export async function apiSignIn(url: string, account: InboxAccount): Promise<ApiSession> {
  const res = await postSignIn(url, account.email, account.password);
  if (res.status !== 200) {
    throw new Error(`sign-in as ${account.email}: ${res.status}`);
  }
  const setCookie = res.headers.get('set-cookie') ?? '';
  const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie)?.[1] ?? '';
  const body = (await res.json()) as { csrfToken: string };
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf: body.csrfToken, setCookie };
}

/** One API request as the session (with its CSRF token unless `csrf: false`). */
export function api(
  url: string,
  session: ApiSession | null,
  path: string,
  init: { method?: string; body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (session) {
    headers.cookie = session.cookie;
    if (init.csrf !== false) {
      headers[CSRF_HEADER] = session.csrf;
    }
  }
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  return fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
}
