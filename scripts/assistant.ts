/**
 * `npm run assistant -- provision [--dry-run] [--config assistant.config.json]`: creates or
 * updates the brokerage's assistant from `assistant.config.json` with the project's API client
 * (docs/behaviour.md#leads). The private key comes from `VAPI_PRIVATE_KEY` and never appears in
 * the output; `VAPI_API_BASE_URL` points it at another API host (tests use a loopback server).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssistantConfigError, parseAssistantConfig } from '../desk/config/assistant-config.ts';
import { createApiCore } from '../widget/api/core.ts';
import { assistantsResource } from '../widget/api/resources/assistants.ts';
import { assistantBody } from './assistant/assistant-body.ts';
import { type AssistantRoutes, embedSnippet, provisionAssistant } from './assistant/provision.ts';

/** Where the command reads its environment and writes its output (injectable for tests). */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (text: string) => void;
  err: (text: string) => void;
  fetch?: typeof fetch;
}

const USAGE =
  'Usage: npm run assistant -- provision [--dry-run] [--config assistant.config.json]\n' +
  '                                       [--server-url https://desk.example.com]\n' +
  '  VAPI_PRIVATE_KEY      private API key (not needed with --dry-run)\n' +
  '  VAPI_API_BASE_URL     API host, default https://api.vapi.ai\n' +
  "  DESK_PUBLIC_URL       the desk's public URL (instead of --server-url)\n" +
  '  DESK_PLATFORM_SECRET  the secret the desk checks in x-vapi-secret (with a server URL)';

function routesFor(io: CliIo, token: string): AssistantRoutes {
  const core = createApiCore({
    token,
    baseUrl: io.env.VAPI_API_BASE_URL?.trim() || undefined,
    ...(io.fetch && { fetch: io.fetch }),
  });
  const assistants = assistantsResource(core);
  return {
    list: (query) => assistants.list(query),
    create: (body) => assistants.create(body),
    update: (id, body) => assistants.update(id, body),
  };
}

async function readConfig(path: string) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new AssistantConfigError([`cannot read ${path}`]);
  }
  try {
    return parseAssistantConfig(JSON.parse(text));
  } catch (error) {
    if (error instanceof AssistantConfigError) {
      throw error;
    }
    throw new AssistantConfigError([`${path} is not valid JSON`]);
  }
}

/** Runs the command; resolves the process exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const key = io.env.VAPI_PRIVATE_KEY?.trim() ?? '';
  // Whatever is printed (an error from the API included) goes through here, key masked.
  const secret = io.env.DESK_PLATFORM_SECRET?.trim() ?? '';
  const mask = (text: string) =>
    [key, secret].reduce((t, s) => (s === '' ? t : t.split(s).join('[redacted]')), text);
  const out = (text: string) => io.out(mask(text));
  const err = (text: string) => io.err(mask(text));
  const [command, ...rest] = argv;
  const dryRun = rest.includes('--dry-run');
  const configAt = rest.indexOf('--config');
  const configPath = resolve(
    configAt === -1 ? 'assistant.config.json' : (rest[configAt + 1] ?? ''),
  );
  if (command !== 'provision') {
    err(USAGE);
    return 2;
  }
  const serverAt = rest.indexOf('--server-url');
  const serverUrl =
    serverAt === -1 ? io.env.DESK_PUBLIC_URL?.trim() || undefined : rest[serverAt + 1];
  if (serverUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(serverUrl)) {
    err("--server-url needs the desk's public URL, like https://desk.example.com");
    return 2;
  }
  if (serverUrl !== undefined && secret === '') {
    err(
      'DESK_PLATFORM_SECRET is not set: the desk refuses messages without it (set the same value on both).',
    );
    return 1;
  }
  try {
    const desk = serverUrl === undefined ? undefined : { url: serverUrl, secret };
    const body = assistantBody(await readConfig(configPath), desk);
    if (dryRun) {
      out(`Dry run: nothing is sent.\n\nGET /assistant?limit=1000, then either`);
      out(`POST /assistant, or PATCH /assistant/{id} for the assistant named "${body.name}":`);
      out(JSON.stringify(body, null, 2));
      out(`\nEmbed snippet:\n${embedSnippet('YOUR_ASSISTANT_ID')}`);
      return 0;
    }
    if (key === '') {
      err('VAPI_PRIVATE_KEY is not set: export your private API key, or use --dry-run.');
      return 1;
    }
    const result = await provisionAssistant(routesFor(io, key), body);
    out(`Assistant "${body.name}" ${result.action}.`);
    out(`Assistant id: ${result.id}`);
    out(`\nEmbed snippet:\n${embedSnippet(result.id)}`);
    return 0;
  } catch (error) {
    const described = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    err(`Provisioning failed. ${described}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2), {
    env: process.env,
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
