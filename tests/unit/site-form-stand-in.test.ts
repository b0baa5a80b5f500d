// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFormStandIn } from '../../site/server/form-stand-in.ts';
import { validateSubmission } from '../../site/server/form-validation.ts';

const GOOD = {
  name: 'Dana Whitaker',
  email: 'dana@whitakerhomes.com',
  phone: '+1 555 010 4477',
  company: 'Whitaker Homes',
  message: 'Can your assistant cover our weekend calls?',
};

let dir: string;
let file: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stand-in-'));
  file = join(dir, 'nested', 'submissions.jsonl');
  const standIn = createFormStandIn({ file });
  server = createServer((req, res) => standIn.middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

let before = 0;
const lines = () => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};
beforeEach(() => {
  before = lines().length;
});

const post = (body: BodyInit, headers: Record<string, string> = { accept: 'application/json' }) =>
  fetch(`${base}/forms/contact`, { method: 'POST', body, headers, redirect: 'manual' });

describe('form stand-in', () => {
  it('accepts a multipart submission, answers like the service and appends one JSON line', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(GOOD)) {
      form.append(k, v);
    }
    form.append('_gotcha', '');
    const response = await post(form);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, next: '/forms/contact/thanks' });
    const added = lines().slice(before);
    expect(added).toEqual([{ receivedAt: expect.any(String), ...GOOD }]);
    expect(Number.isNaN(Date.parse(added[0].receivedAt))).toBe(false);
  });

  it('redirects a native (non-JSON) post to its thank-you page, which it serves', async () => {
    const response = await post(new URLSearchParams(GOOD), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/forms/contact/thanks');
    const thanks = await fetch(`${base}/forms/contact/thanks`);
    expect(await thanks.text()).toContain('<h1>Thank you!</h1>');
    expect(lines().length - before).toBe(1);
  });

  it('answers 422 with field errors and stores nothing', async () => {
    const response = await post(JSON.stringify({ ...GOOD, email: 'dana@whitaker', phone: '12' }), {
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: 'should be an email',
      errors: [
        { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' },
        { field: 'phone', code: 'TYPE_PHONE', message: 'should be a phone number' },
      ],
    });
    expect(lines().length).toBe(before);
  });

  it('shows errors as an HTML page to a native post, escaping the values', async () => {
    const response = await post(new URLSearchParams({ ...GOOD, name: '' }), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('<li>name: is required</li>');
  });

  it('drops a submission whose _gotcha honeypot is filled, while answering ok', async () => {
    const response = await post(new URLSearchParams({ ...GOOD, _gotcha: 'http://spam' }));
    expect(response.status).toBe(200);
    expect(lines().length).toBe(before);
  });

  it('refuses other methods, oversized bodies and unreadable JSON', async () => {
    expect((await fetch(`${base}/forms/contact`)).status).toBe(405);
    expect(
      (
        await post('x'.repeat(70 * 1024), {
          accept: 'application/json',
          'content-type': 'text/plain',
        })
      ).status,
    ).toBe(413);
    const bad = await post('{', { accept: 'application/json', 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(
      expect.objectContaining({ error: 'Could not read the submission' }),
    );
  });

  it('passes other paths on', async () => {
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });
});

describe('validateSubmission', () => {
  it('requires every field and checks email, phone and lengths', () => {
    expect(validateSubmission(GOOD)).toEqual([]);
    expect(validateSubmission({}).map((e) => e.field)).toEqual([
      'name',
      'email',
      'phone',
      'company',
      'message',
    ]);
    expect(validateSubmission({ ...GOOD, email: 'a@b' })[0]?.code).toBe('TYPE_EMAIL');
    expect(validateSubmission({ ...GOOD, phone: 'call me' })[0]?.code).toBe('TYPE_PHONE');
    expect(validateSubmission({ ...GOOD, message: 'x'.repeat(5001) })[0]).toEqual({
      field: 'message',
      code: 'TOO_LONG',
      message: 'must be at most 5000 characters',
    });
  });
});
