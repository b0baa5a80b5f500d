import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { deleteSession, findSession, type SessionUser } from '../auth/sessions.ts';
import { signIn } from '../auth/sign-in.ts';
import { isRecord } from '../ingest/capture-body.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody } from '../web/error-body.ts';
import { clientIp, publicOrigin } from '../web/request-source.ts';
import type { DeskServices } from '../web/services.ts';
import { API, CSRF_HEADER, SESSION_COOKIE, type SessionInfo } from './api-contract.ts';
import type { ApiEnv, Serve } from './api-serve.ts';
import type { Access } from './route-table.ts';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The clock every inbox rule reads (tests inject one). */
export function nowOf(services: DeskServices): Date {
  return services.now?.() ?? new Date();
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// Secure when the public scheme is HTTPS, and everywhere but loopback: a browser keeps a
// plain-HTTP Secure cookie only from localhost, and on a LAN address the sign-in page says so.
function cookieOptions(c: Context, services: DeskServices) {
  const origin = new URL(publicOrigin(c, services.env));
  return {
    httpOnly: true,
    secure: origin.protocol === 'https:' || !LOCAL_HOSTS.has(origin.hostname),
    sameSite: 'Strict' as const,
    path: '/',
  };
}

function sessionInfo(services: DeskServices, session: SessionUser): SessionInfo {
  return {
    user: session.user,
    csrfToken: session.csrfToken,
    timeZone: services.brokerage.officeHours.timeZone,
    brokerageName: services.brokerage.brokerageName,
  };
}

/**
 * A route's guards, in order: `no-store` on every answer; a state-changing request from another
 * origin refused; then (unless `anyone` may call it: signing in) a live session, else 401; then
 * on POST, PATCH and DELETE the session's CSRF token in {@link CSRF_HEADER}, else 403 before
 * anything changes.
 */
export function apiGuards(services: DeskServices, access: Access): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.header('cache-control', 'no-store');
    const changing = STATE_CHANGING.has(c.req.method);
    const origin = c.req.header('origin');
    if (changing && origin !== undefined && origin !== publicOrigin(c, services.env)) {
      return errorBody(c, 403, 'csrf', 'Requests that change something must come from the inbox');
    }
    if (access === 'anyone') {
      return next();
    }
    const token = getCookie(c, SESSION_COOKIE);
    const session = token
      ? await findSession(services.database.db, token, nowOf(services), services.env.sessions)
      : null;
    if (!session) {
      return errorBody(c, 401, 'unauthorized', 'Sign in to use the inbox');
    }
    if (changing && !sameSecret(c.req.header(CSRF_HEADER) ?? '', session.csrfToken)) {
      return errorBody(
        c,
        403,
        'csrf',
        'The request lacks the session’s CSRF token; reload the page',
      );
    }
    c.set('session', session);
    await next();
    c.header('cache-control', 'no-store');
  };
}

const INVALID = 'The email or password is not right';

/** Signing in, the session, and signing out ({@link API}). */
export function sessionRoutes(serve: Serve, services: DeskServices): void {
  const { db } = services.database;
  serve(API.signIn, async (c) => {
    const body = await readJsonBody(c);
    const email = isRecord(body) && typeof body.email === 'string' ? body.email.trim() : '';
    const password = isRecord(body) && typeof body.password === 'string' ? body.password : '';
    if (email === '' || password === '' || email.length > 320 || password.length > 1024) {
      return errorBody(c, 400, 'bad-request', 'Give an email and a password');
    }
    const ip = clientIp(c, services.env.trustedProxies);
    const outcome = await signIn(db, { email, password, ip }, nowOf(services));
    if (outcome.kind === 'blocked') {
      c.header('retry-after', String(outcome.waitSeconds));
      return errorBody(c, 429, 'rate-limited', 'Too many failed sign-ins; try again in 15 minutes');
    }
    if (outcome.kind === 'refused') {
      services.log.info({ msg: 'sign-in refused', ip });
      return errorBody(c, 401, 'invalid-credentials', INVALID);
    }
    const { token, session } = outcome;
    setCookie(c, SESSION_COOKIE, token, cookieOptions(c, services));
    services.log.info({ msg: 'signed in', user: session.user.id });
    return sessionInfo(services, session);
  });
  serve(API.session, async (c) => sessionInfo(services, c.get('session')));
  serve(API.signOut, async (c) => {
    await deleteSession(db, c.get('session').sessionId);
    deleteCookie(c, SESSION_COOKIE, cookieOptions(c, services));
  });
}
