import { type Reply, startTestServer } from './http-server.ts';

/** One text the stand-in accepted. */
export interface SentText {
  to: string;
  from: string;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A loopback stand-in for Twilio's Messages API, checking each request's shape. */
export interface TwilioStandIn {
  readonly url: string;
  readonly sid: string;
  readonly token: string;
  /** Texts accepted (201), in order. */
  readonly texts: SentText[];
  /** Requests refused for their shape (wrong path, auth, content type or fields). */
  readonly malformed: string[];
  /** Every request received, accepted or not. */
  requestCount(): number;
  /** The next `count` well-formed requests get this reply instead of 201. */
  failNext(count: number, reply: Reply): void;
  /** Every well-formed request gets this reply until {@link recover}. */
  fail(reply: Reply): void;
  recover(): void;
  reset(): void;
  /** The env a desk needs to text through this stand-in. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 with a made-up account. */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const server = await startTestServer();
  const sid = 'AC00000000000000000000000000000001';
  const token = 'twilio-test-token-0001';
  const texts: SentText[] = [];
  const malformed: string[] = [];
  let pending: Reply[] = [];
  let failing: Reply | null = null;
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  server.handle((request) => {
    const form = new URLSearchParams(request.text);
    const problems = [
      request.method !== 'POST' && 'method',
      request.path !== `/2010-04-01/Accounts/${sid}/Messages.json` && 'path',
      request.headers.authorization !== auth && 'authorization',
      !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded') &&
        'content-type',
      ...['To', 'From', 'Body'].map((field) => !form.get(field) && field),
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length > 0) {
      malformed.push(problems.join(', '));
      return { status: 400, body: { code: 21604, message: `bad request: ${problems.join(', ')}` } };
    }
    const reply = pending.shift() ?? failing;
    if (reply) {
      return reply;
    }
    texts.push({
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      at: Date.now(),
    });
    return { status: 201, body: { sid: `SM${texts.length}`, status: 'queued' } };
  });
  return {
    url: server.url,
    sid,
    token,
    texts,
    malformed,
    requestCount: () => server.requests.length,
    failNext(count, reply) {
      pending = [...pending, ...Array.from({ length: count }, () => reply)];
    },
    fail(reply) {
      failing = reply;
    },
    recover() {
      failing = null;
    },
    reset() {
      texts.length = 0;
      malformed.length = 0;
      pending = [];
      failing = null;
      server.requests.length = 0;
    },
    env: () => ({
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: token,
      TWILIO_FROM: '+16045550199',
      TWILIO_BASE_URL: server.url,
    }),
    close: () => server.close(),
  };
}
