import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback Follow Up Boss (`POST /v1/events`, `POST /v1/notes`) that checks each request
 * against the shape the public API reference gives and answers 400 with the reason when it is
 * wrong, so an adapter test fails on a bad request instead of recording it. Like the CRM, it
 * keeps one person per email or phone and answers an event with that person's id; a note must
 * name a person it answered.
 */

/** The event types that start Follow Up Boss's action plans. */
export const FUB_EVENT_TYPES = [
  'Registration',
  'Seller Inquiry',
  'Property Inquiry',
  'General Inquiry',
  'Visited Open House',
] as const;

/** What the stand-in expects of every request. */
export interface FubExpectations {
  apiKey: string;
  /** When set, `X-System` / `X-System-Key` must carry these. */
  system?: string | null;
  systemKey?: string | null;
}

/** One request the stand-in took. */
export interface FubRequest {
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (valid shape only in {@link FubStandIn.events}). */
  body: Record<string, unknown>;
}

export interface FubStandIn {
  /** `http://127.0.0.1:<port>`, the adapter's `baseUrl`. */
  readonly url: string;
  /** Events with a valid shape, in order (including those answered with a forced status). */
  readonly events: FubRequest[];
  /** Notes with a valid shape, on a person the stand-in created, in order. */
  readonly notes: FubRequest[];
  /** Every request that reached the handler, valid or not. */
  readonly requests: FubRequest[];
  /** Answer the next `count` valid requests with `status` (500, 204, 429…). */
  failNext(count: number, status: number): void;
  /** Wait this long before each answer. */
  delay(ms: number): void;
  /** Hold every answer (taken requests are recorded) until the returned function is called. */
  hold(): () => void;
  /** While down, every connection is closed without an answer. */
  setDown(down: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueList(value: unknown, name: string): string | null {
  if (!Array.isArray(value)) {
    return `person.${name} must be an array`;
  }
  for (const item of value) {
    if (!isObject(item) || typeof item.value !== 'string' || item.value === '') {
      return `person.${name} items must be { value: string, type? }`;
    }
  }
  return null;
}

/** Why a note is not valid (`POST /v1/notes`), or `null` when it is. */
function noteProblem(body: Record<string, unknown>, people: ReadonlySet<number>): string | null {
  if (typeof body.personId !== 'number' || !people.has(body.personId)) {
    return 'personId must be the id of a person an event created';
  }
  for (const key of ['subject', 'body']) {
    if (typeof body[key] !== 'string' || body[key] === '') {
      return `${key} must be a non-empty string`;
    }
  }
  if ('isHtml' in body && typeof body.isHtml !== 'boolean') {
    return 'isHtml must be a boolean';
  }
  return null;
}

/** Why a request is not a valid event or note, or `null` when it is. */
function problem(
  req: IncomingMessage,
  text: string,
  expected: FubExpectations,
  people: ReadonlySet<number>,
): string | null {
  if (req.method !== 'POST') {
    return `method must be POST, got ${req.method}`;
  }
  if (req.url !== '/v1/events' && req.url !== '/v1/notes') {
    return `path must be /v1/events or /v1/notes, got ${req.url}`;
  }
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Basic ')) {
    return 'Basic authentication required';
  }
  const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
  if (decoded !== `${expected.apiKey}:`) {
    return 'Basic authentication must be the API key with an empty password';
  }
  if (expected.system && req.headers['x-system'] !== expected.system) {
    return 'X-System header missing or wrong';
  }
  if (expected.systemKey && req.headers['x-system-key'] !== expected.systemKey) {
    return 'X-System-Key header missing or wrong';
  }
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
    return 'content-type must be application/json';
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (!isObject(body)) {
    return 'body must be an object';
  }
  if (req.url === '/v1/notes') {
    return noteProblem(body, people);
  }
  if (typeof body.source !== 'string' || body.source === '') {
    return 'source is required';
  }
  if (!(FUB_EVENT_TYPES as readonly unknown[]).includes(body.type)) {
    return `type must be one of ${FUB_EVENT_TYPES.join(', ')}`;
  }
  if ('assignedTo' in (isObject(body.person) ? body.person : {})) {
    const assignedTo = (body.person as Record<string, unknown>).assignedTo;
    if (typeof assignedTo !== 'string' || assignedTo === '') {
      return 'person.assignedTo must be a user name';
    }
  }
  for (const key of ['system', 'message', 'description']) {
    if (key in body && typeof body[key] !== 'string') {
      return `${key} must be a string`;
    }
  }
  const person = body.person;
  if (!isObject(person)) {
    return 'person is required';
  }
  const listProblem = valueList(person.emails, 'emails') ?? valueList(person.phones, 'phones');
  if (listProblem) {
    return listProblem;
  }
  if (
    'tags' in person &&
    !(Array.isArray(person.tags) && person.tags.every((t) => typeof t === 'string'))
  ) {
    return 'person.tags must be an array of strings';
  }
  const isProperty = body.type === 'Property Inquiry';
  if (isProperty !== isObject(body.property)) {
    return 'property must be present exactly when type is Property Inquiry';
  }
  if (
    isObject(body.property) &&
    'price' in body.property &&
    typeof body.property.price !== 'number'
  ) {
    return 'property.price must be a number';
  }
  return null;
}

/** Starts the stand-in on 127.0.0.1 with an ephemeral port. */
export async function startFubStandIn(expected: FubExpectations): Promise<FubStandIn> {
  const events: FubRequest[] = [];
  const notes: FubRequest[] = [];
  const requests: FubRequest[] = [];
  // Each email and phone's person id, as the CRM deduplicates people.
  const personOf = new Map<string, number>();
  const people = new Set<number>();
  function personId(person: Record<string, unknown>): number {
    const keys = [person.emails, person.phones].flatMap((list) =>
      Array.isArray(list) ? list.map((item) => String((item as { value: unknown }).value)) : [],
    );
    const id = keys.map((k) => personOf.get(k)).find((v) => v !== undefined) ?? people.size + 1;
    people.add(id);
    for (const key of keys) {
      personOf.set(key, id);
    }
    return id;
  }
  const sockets = new Set<Socket>();
  let forced: { count: number; status: number } | null = null;
  let delayMs = 0;
  let held: Promise<void> | null = null;
  let down = false;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Recorded as empty; the shape check below answers 400.
    }
    // Recorded on arrival, before any delay: a test can act while the answer is held.
    requests.push({ headers: req.headers, body: parsed });
    if (delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    await held;
    const reason = problem(req, text, expected, people);
    if (reason !== null) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorMessage: reason }));
      return;
    }
    const isNote = req.url === '/v1/notes';
    (isNote ? notes : events).push({ headers: req.headers, body: parsed });
    if (forced !== null && forced.count > 0) {
      const { status } = forced;
      forced.count -= 1;
      res.writeHead(status, status === 204 ? {} : { 'content-type': 'application/json' });
      res.end(status === 204 ? undefined : JSON.stringify({ errorMessage: `forced ${status}` }));
      return;
    }
    res.writeHead(isNote ? 201 : 200, { 'content-type': 'application/json' });
    const person = parsed.person as Record<string, unknown>;
    res.end(
      JSON.stringify(
        isNote ? { id: notes.length, ...parsed } : { ...person, id: personId(person) },
      ),
    );
  }

  const server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    notes,
    requests,
    failNext(count, status) {
      forced = { count, status };
    },
    delay(ms) {
      delayMs = ms;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = null;
        release();
      };
    },
    setDown(value) {
      down = value;
    },
    reset() {
      events.length = 0;
      notes.length = 0;
      personOf.clear();
      people.clear();
      requests.length = 0;
      forced = null;
      delayMs = 0;
      down = false;
    },
    close() {
      for (const socket of sockets) {
        socket.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
