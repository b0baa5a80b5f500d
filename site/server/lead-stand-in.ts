import { appendFile, mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LEAD_STAND_IN_PATH } from '../config.ts';
import type { ServiceError } from '../lib/form-outcome.ts';

/** Where leads land by default: the ignored data folder at the repository root. */
export const DEFAULT_LEADS_FILE = 'data/leads.jsonl';
const MAX_BODY_BYTES = 64 * 1024;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Options of {@link createLeadStandIn}. */
export interface LeadStandInOptions {
  /** JSON-lines file each new capture is appended to. */
  file?: string;
  /** URL path the widgets post to. */
  path?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a capture the way the widget sends it (widget/leads/capture.ts); `[]` accepts it. */
export function validateLead(body: unknown): ServiceError[] {
  if (!isRecord(body)) {
    return [{ field: null, code: 'BAD_REQUEST', message: 'The body must be a JSON object' }];
  }
  const errors: ServiceError[] = [];
  if (typeof body.idempotencyKey !== 'string' || !KEY_PATTERN.test(body.idempotencyKey)) {
    errors.push({
      field: 'idempotencyKey',
      code: 'REQUIRED_FIELD_EMPTY',
      message: 'must be 1-128 letters, digits, or . _ : -',
    });
  }
  if (body.kind !== 'lead' && body.kind !== 'viewing-request') {
    errors.push({ field: 'kind', code: 'TYPE_ENUM', message: 'must be lead or viewing-request' });
  }
  if (!isRecord(body.fields)) {
    errors.push({ field: 'fields', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' });
  }
  return errors;
}

class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly code = 'body-too-large';
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new BodyTooLargeError('lead too large');
    }
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    })
    .end(JSON.stringify(body));
}

/**
 * A stand-in for the form-forwarding service the widgets' `lead-endpoint` points at. It takes
 * a capture as JSON, answers `{ ok: true }` (with `duplicate: true` for a key it already has)
 * and appends each new capture to a JSON-lines file, one line per idempotency key: a capture
 * the widget sent twice (a retry, a reload) is stored once. Appends are serialised, so two
 * copies arriving together are still one line.
 */
export function createLeadStandIn(options: LeadStandInOptions = {}) {
  const file = resolve(options.file ?? DEFAULT_LEADS_FILE);
  const path = options.path ?? LEAD_STAND_IN_PATH;
  let keys: Promise<Set<string>> | null = null;
  let writes: Promise<unknown> = Promise.resolve();

  /** The keys already in the file (read once; a missing file has none). */
  function knownKeys(): Promise<Set<string>> {
    keys ??= readFile(file, 'utf8').then(
      (text) => {
        const found = new Set<string>();
        for (const line of text.split('\n')) {
          try {
            const key: unknown = line.trim() === '' ? null : JSON.parse(line).idempotencyKey;
            if (typeof key === 'string') {
              found.add(key);
            }
          } catch {
            // A hand-edited or truncated line: ignore it rather than refuse every lead.
          }
        }
        return found;
      },
      () => new Set<string>(),
    );
    return keys;
  }

  /** Appends the capture unless its key is known; resolves `true` when it was new. */
  function store(capture: Record<string, unknown>): Promise<boolean> {
    const run = writes.then(async () => {
      const known = await knownKeys();
      const key = capture.idempotencyKey as string;
      if (known.has(key)) {
        return false;
      }
      const record = { receivedAt: new Date().toISOString(), ...capture };
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
      known.add(key);
      return true;
    });
    writes = run.catch(() => undefined);
    return run;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, { error: 'Method not allowed' });
      return;
    }
    const fail = (status: number, errors: ServiceError[]) =>
      sendJson(res, status, { error: errors[0]?.message ?? 'Error', errors });
    if (!(req.headers['content-type'] ?? '').includes('application/json')) {
      fail(415, [{ field: null, code: 'BAD_REQUEST', message: 'Send the lead as JSON' }]);
      return;
    }
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      const message = tooLarge ? 'Lead too large' : 'Could not read the lead';
      fail(tooLarge ? 413 : 400, [{ field: null, code: 'BAD_REQUEST', message }]);
      return;
    }
    const errors = validateLead(body);
    if (errors.length > 0) {
      fail(422, errors);
      return;
    }
    const added = await store(body as Record<string, unknown>);
    sendJson(res, 200, added ? { ok: true } : { ok: true, duplicate: true });
  }

  return {
    path,
    file,
    handle,
    /** Connect-style middleware: handles the stand-in's path, passes everything else on. */
    middleware(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
      if (new URL(req.url ?? '/', 'http://stand-in').pathname !== path) {
        next();
        return;
      }
      handle(req, res).catch(next);
    },
  };
}

/** Vite plugin serving the lead stand-in from `vite` (dev) and `vite preview` (`npm start`). */
export function leadStandInPlugin(options: LeadStandInOptions = {}): Plugin {
  const standIn = createLeadStandIn(options);
  return {
    name: 'lead-stand-in',
    configureServer(server) {
      server.middlewares.use(standIn.middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(standIn.middleware);
    },
  };
}
