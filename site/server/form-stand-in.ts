import { appendFile, mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { FORM_STAND_IN_PATH } from '../config.ts';
import type { ServiceError } from '../lib/form-outcome.ts';
import { thanksPage, validationPage } from './form-stand-in-pages.ts';
import { toSubmission, validateSubmission } from './form-validation.ts';

/** Where submissions land by default: an ignored data folder at the repository root. */
export const DEFAULT_SUBMISSIONS_FILE = 'data/form-submissions.jsonl';
const MAX_BODY_BYTES = 64 * 1024;

export interface FormStandInOptions {
  /** JSON-lines file each accepted submission is appended to. */
  file?: string;
  /** URL path the form posts to. */
  path?: string;
}

class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly code = 'body-too-large';
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new BodyTooLargeError('submission too large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function parseFields(req: IncomingMessage): Promise<Record<string, string>> {
  const body = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const entries = Object.entries(parsed as Record<string, unknown>);
    return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : '']));
  }
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': type },
  }).formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    fields[key] = typeof value === 'string' ? value : '';
  }
  return fields;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

/**
 * A stand-in for the form-forwarding service. It answers the way the real service does: JSON
 * (`{ ok, next }` or `{ error, errors: [{ field, code, message }] }`) when the request accepts
 * JSON, otherwise a redirect to a thank-you page or an HTML list of errors. Accepted
 * submissions are appended as one JSON line each; a filled `_gotcha` honeypot is answered as a
 * success and dropped, as spam.
 */
export function createFormStandIn(options: FormStandInOptions = {}) {
  const file = resolve(options.file ?? DEFAULT_SUBMISSIONS_FILE);
  const path = options.path ?? FORM_STAND_IN_PATH;
  const thanksPath = `${path}/thanks`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === thanksPath && req.method === 'GET') {
      send(res, 200, 'text/html; charset=utf-8', thanksPage());
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, { error: 'Method not allowed' });
      return;
    }
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    const fail = (status: number, errors: ServiceError[]) => {
      if (wantsJson) {
        sendJson(res, status, { error: errors[0]?.message ?? 'Error', errors });
      } else {
        send(res, status, 'text/html; charset=utf-8', validationPage(errors));
      }
    };
    let fields: Record<string, string>;
    try {
      fields = await parseFields(req);
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      const message = tooLarge ? 'Submission too large' : 'Could not read the submission';
      fail(tooLarge ? 413 : 400, [{ field: null, code: 'BAD_REQUEST', message }]);
      return;
    }
    const spam = (fields._gotcha ?? '') !== '';
    const errors = spam ? [] : validateSubmission(fields);
    if (errors.length > 0) {
      fail(422, errors);
      return;
    }
    if (!spam) {
      const record = { receivedAt: new Date().toISOString(), ...toSubmission(fields) };
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
    }
    if (wantsJson) {
      sendJson(res, 200, { ok: true, next: thanksPath });
    } else {
      res.writeHead(303, { location: thanksPath, 'cache-control': 'no-store' }).end();
    }
  }

  return {
    path,
    thanksPath,
    file,
    handle,
    /** Connect-style middleware: handles the stand-in's paths, passes everything else on. */
    middleware(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
      const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (pathname !== path && pathname !== thanksPath) {
        next();
        return;
      }
      handle(req, res).catch(next);
    },
  };
}

/** Vite plugin serving the stand-in from `vite` (dev) and `vite preview`. */
export function formStandInPlugin(options: FormStandInOptions = {}): Plugin {
  const standIn = createFormStandIn(options);
  return {
    name: 'form-stand-in',
    configureServer(server) {
      server.middlewares.use(standIn.middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(standIn.middleware);
    },
  };
}
