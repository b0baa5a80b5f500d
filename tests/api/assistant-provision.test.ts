import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAssistantConfig } from '../../desk/config/assistant-config.ts';
import { assistantBody } from '../../scripts/assistant/assistant-body.ts';
import { main } from '../../scripts/assistant.ts';
import { type RecordedRequest, startTestServer, type TestServer } from '../helpers/http-server.ts';
import { createSpecValidator, type SpecValidator } from '../helpers/openapi-validator.ts';

const KEY = 'sk-test-5f0e1d2c3b4a';
const EXAMPLE = JSON.parse(readFileSync('assistant.config.json', 'utf8'));

let validator: SpecValidator;
let server: TestServer;
let dir: string;
/** What the loopback platform holds, by id. */
const stored = new Map<string, Record<string, unknown>>();
/** Every body the platform received, with the schema errors it found. */
let checked: { method: string; path: string; errors: string[] }[] = [];

function check(request: RecordedRequest, pathTemplate: string): string[] {
  const schema = validator.requestSchema(request.method, pathTemplate);
  const errors = validator
    .errors(schema, JSON.parse(request.text))
    .map((e) => `${e.instancePath} ${e.message}`);
  checked.push({ method: request.method, path: request.path, errors });
  return errors;
}

/** A platform stand-in: assistants CRUD, bearer auth, and every body checked against the platform's OpenAPI document. */
function platform(request: RecordedRequest) {
  if (request.headers.authorization !== `Bearer ${KEY}`) {
    return { status: 401, body: { message: `Invalid key ${request.headers.authorization}` } };
  }
  if (request.method === 'GET' && request.path === '/assistant') {
    return { body: [...stored.values()] };
  }
  const isCreate = request.method === 'POST' && request.path === '/assistant';
  const id = /^\/assistant\/([^/]+)$/.exec(request.path)?.[1];
  if (isCreate || (request.method === 'PATCH' && id)) {
    const errors = check(request, isCreate ? '/assistant' : '/assistant/{id}');
    if (errors.length > 0) {
      return { status: 400, body: { message: errors, error: 'Bad Request', statusCode: 400 } };
    }
    const body = JSON.parse(request.text);
    const now = new Date().toISOString();
    const assistant = isCreate
      ? { id: `asst-${stored.size + 1}`, orgId: 'org-1', createdAt: now, updatedAt: now, ...body }
      : { ...stored.get(id ?? ''), ...body, updatedAt: now };
    stored.set(assistant.id, assistant);
    return { status: isCreate ? 201 : 200, body: assistant };
  }
  return { status: 404, body: { message: 'Not found' } };
}

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    env: { VAPI_PRIVATE_KEY: KEY, VAPI_API_BASE_URL: server.url, ...env },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function writeConfig(name: string, config: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(config));
  return path;
}

beforeAll(async () => {
  // Compiling the platform's whole schema takes a few seconds.
  validator = createSpecValidator(['CreateAssistantDTO', 'UpdateAssistantDTO']);
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'assistant-config-'));
}, 120_000);
beforeEach(() => {
  server.reset();
  server.handle(platform);
  checked = [];
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the validator is real', () => {
  const body = assistantBody(parseAssistantConfig(EXAMPLE));

  it('accepts the provisioned body as CreateAssistantDTO and UpdateAssistantDTO', () => {
    expect(validator.requestSchema('POST', '/assistant')).toBe('CreateAssistantDTO');
    expect(validator.requestSchema('PATCH', '/assistant/{id}')).toBe('UpdateAssistantDTO');
    expect(validator.errors('CreateAssistantDTO', body)).toEqual([]);
    expect(validator.errors('UpdateAssistantDTO', body)).toEqual([]);
  });

  it('rejects wrong bodies', () => {
    const wrong = (patch: object) => validator.errors('CreateAssistantDTO', { ...body, ...patch });
    expect(wrong({ name: 42 }).map((e) => e.instancePath)).toContain('/name');
    expect(wrong({ name: 'x'.repeat(41) }).map((e) => e.keyword)).toContain('maxLength');
    expect(
      wrong({ clientMessages: ['tool-calls', 'gossip'] }).map((e) => e.instancePath),
    ).toContain('/clientMessages/1');
    expect(wrong({ firstMessageMode: 'whenever' })).not.toEqual([]);
    expect(wrong({ model: { provider: 'openai' } })).not.toEqual([]);
    const badTool = {
      ...body.model,
      tools: [{ type: 'function', function: { name: 'capture lead!' } }],
    };
    expect(wrong({ model: badTool })).not.toEqual([]);
  });
});

describe('npm run assistant -- provision', () => {
  it('creates the assistant with a body the platform schema accepts, then prints its id and snippet', async () => {
    const result = await run(['provision']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /assistant?limit=1000',
      'POST /assistant',
    ]);
    expect(checked).toEqual([{ method: 'POST', path: '/assistant', errors: [] }]);
    expect(result.out).toContain('Assistant "Nora" created.');
    expect(result.out).toContain('Assistant id: asst-1');
    expect(result.out).toContain('<voice-assistant assistant-id="asst-1"');
    expect(result.out).not.toContain(KEY);
  });

  it('changes nothing when run again', async () => {
    const before = JSON.stringify([...stored.values()]);
    const result = await run(['provision']);
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
    expect(result.out).toContain('Assistant "Nora" unchanged.');
    expect(result.out).toContain('Assistant id: asst-1');
    expect(JSON.stringify([...stored.values()])).toBe(before);
  });

  it('updates the assistant of the same name with PATCH when the config changed', async () => {
    const path = writeConfig('changed.json', { ...EXAMPLE, languages: ['en'] });
    const result = await run(['provision', '--config', path]);
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /assistant',
      'PATCH /assistant/asst-1',
    ]);
    expect(checked).toEqual([{ method: 'PATCH', path: '/assistant/asst-1', errors: [] }]);
    expect(stored.size).toBe(1);
    expect(stored.get('asst-1')?.transcriber).toEqual({
      provider: 'deepgram',
      model: 'nova-3',
      language: 'en',
    });
    expect(result.out).toContain('Assistant "Nora" updated.');
    server.reset();
    server.handle(platform);
    expect((await run(['provision', '--config', path])).out).toContain('unchanged');
    expect(server.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('sets up the receptionist: listing variables, fair housing, two client tools, messages, lead analysis', async () => {
    const created = assistantBody(parseAssistantConfig(EXAMPLE));
    const model = created.model as {
      messages: { content: string }[];
      tools: Record<string, unknown>[];
    };
    const prompt = model.messages[0]?.content ?? '';
    for (const variable of [
      'listing_address',
      'listing_price',
      'listing_id',
      'listing_url',
      'agent_name',
      'page_url',
    ]) {
      expect(prompt).toContain(`{{${variable}}}`);
    }
    expect(prompt).toMatch(/Fair housing/);
    expect(prompt).toMatch(/Never steer/);
    expect(prompt).toContain('Monday to Friday 09:00–18:00');
    expect(prompt).toContain('French');
    expect(model.tools.map((t) => (t.function as { name: string }).name)).toEqual([
      'capture_lead',
      'request_viewing',
    ]);
    expect(model.tools.every((t) => t.type === 'function' && t.server === undefined)).toBe(true);
    const captureLead = model.tools[0]?.function as { parameters: { properties: object } };
    expect(captureLead.parameters.properties).toHaveProperty(
      'consent_to_contact',
      expect.objectContaining({ type: 'boolean' }),
    );
    expect(created.clientMessages).toEqual(expect.arrayContaining(['tool-calls', 'transcript']));
    expect(created.analysisPlan?.structuredDataPlan).toMatchObject({
      enabled: true,
      schema: {
        type: 'object',
        properties: expect.objectContaining({ phone: expect.any(Object) }),
      },
    });
    expect(created.firstMessage?.startsWith(EXAMPLE.consentSentence)).toBe(true);
  });

  it('--dry-run prints the request body and sends nothing, without a key', async () => {
    const result = await run(['provision', '--dry-run'], { VAPI_PRIVATE_KEY: undefined });
    expect(result.code).toBe(0);
    expect(server.requests).toEqual([]);
    const json = result.out.slice(result.out.indexOf('\n{\n'), result.out.lastIndexOf('\n}') + 2);
    expect(JSON.parse(json)).toEqual(assistantBody(parseAssistantConfig(EXAMPLE)));
    expect(result.out).toContain('assistant-id="YOUR_ASSISTANT_ID"');
  });

  it('--server-url points the assistant at the desk: its webhook, secret header and messages, never printed', async () => {
    const secret = 'desk-secret-0123456789abcdef0123456789';
    const result = await run(
      ['provision', '--dry-run', '--server-url', 'https://desk.example.com/'],
      {
        VAPI_PRIVATE_KEY: undefined,
        DESK_PLATFORM_SECRET: secret,
      },
    );
    expect(result.code).toBe(0);
    expect(`${result.out}${result.err}`).not.toContain(secret);
    const json = result.out.slice(result.out.indexOf('\n{\n'), result.out.lastIndexOf('\n}') + 2);
    const body = JSON.parse(json);
    expect(validator.errors('CreateAssistantDTO', body)).toEqual([]);
    expect(body.server).toEqual({
      url: 'https://desk.example.com/platform/webhook',
      headers: { 'x-vapi-secret': '[redacted]' },
    });
    expect(body.serverMessages).toEqual([
      'tool-calls',
      'end-of-call-report',
      'transfer-destination-request',
    ]);
    // The real request carries the secret itself.
    const real = assistantBody(parseAssistantConfig(EXAMPLE), {
      url: 'https://desk.example.com',
      secret,
    });
    expect(validator.errors('CreateAssistantDTO', real)).toEqual([]);
    expect(real.server?.headers).toEqual({ 'x-vapi-secret': secret });
    // DESK_PUBLIC_URL does the same; a server URL without the secret is refused.
    const fromEnv = await run(['provision', '--dry-run'], {
      DESK_PUBLIC_URL: 'https://desk.example.com',
      DESK_PLATFORM_SECRET: secret,
    });
    expect(fromEnv.out).toContain('https://desk.example.com/platform/webhook');
    const noSecret = await run(
      ['provision', '--dry-run', '--server-url', 'https://desk.example.com'],
      { DESK_PLATFORM_SECRET: '' },
    );
    expect(noSecret.code).toBe(1);
    expect(noSecret.err).toContain('DESK_PLATFORM_SECRET is not set');
    expect(server.requests).toEqual([]);
  });

  it('needs VAPI_PRIVATE_KEY, and never prints it even when the API echoes it', async () => {
    const missing = await run(['provision'], { VAPI_PRIVATE_KEY: '' });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('VAPI_PRIVATE_KEY is not set');
    expect(server.requests).toEqual([]);
    server.handle(() => ({ status: 401, body: { message: `Invalid key Bearer ${KEY}` } }));
    const refused = await run(['provision']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Provisioning failed.');
    expect(`${refused.out}${refused.err}`).not.toContain(KEY);
  });

  it('reports a body the platform refuses, and bad configs with every problem', async () => {
    const result = await run([
      'provision',
      '--config',
      writeConfig('bad.json', { ...EXAMPLE, languages: [] }),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('languages must list language codes');
    expect(server.requests).toEqual([]);
    expect((await run(['deploy'])).code).toBe(2);
    server.handle(({ method }) =>
      method === 'GET'
        ? { body: [] }
        : { status: 400, body: { message: ['name must be a string'] } },
    );
    const refused = await run(['provision']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/Provisioning failed\. \w+Error: .*name must be a string/);
  });

  it('is wired as an npm script', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'assistant', '--', 'provision', '--dry-run'],
      { env: { ...process.env, VAPI_PRIVATE_KEY: '' } },
    );
    expect(stdout).toContain('Dry run: nothing is sent.');
    expect(stdout).toContain('"name": "capture_lead"');
  }, 60_000);
});
