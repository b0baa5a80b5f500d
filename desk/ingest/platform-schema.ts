import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { repairSpec } from '../../widget/api/openapi/repair-spec.ts';
import { deskCacheDir, writeCacheFile } from '../config/build-cache.ts';

/** The platform's OpenAPI document, vendored with the widget's API client. */
export const PLATFORM_SPEC_FILE = fileURLToPath(
  new URL('../../widget/api/openapi/vapi-openapi.json', import.meta.url),
);

/** The server messages the desk acts on, by `message.type`, and their schema names. */
export const HANDLED_MESSAGES = {
  'tool-calls': 'ServerMessageToolCalls',
  'end-of-call-report': 'ServerMessageEndOfCallReport',
  'transfer-destination-request': 'ServerMessageTransferDestinationRequest',
} as const;

/** One of the message types the desk acts on. */
export type HandledMessageType = keyof typeof HANDLED_MESSAGES;

/**
 * True for a type the desk acts on. An own key only: `toString` or `__proto__` is a key of every
 * object, and must not pass for one.
 */
export function isHandledMessage(type: unknown): type is HandledMessageType {
  return typeof type === 'string' && Object.hasOwn(HANDLED_MESSAGES, type);
}

/** Checks a message against its `ServerMessage*` schema; the problems, or `[]`. */
export type MessageValidator = (type: HandledMessageType, message: unknown) => string[];

type Validators = ReadonlyMap<HandledMessageType, ValidateFunction>;

// The compiled validators are kept as a module in the desk's build cache, named by the document's
// hash: compiling them takes seconds of CPU and some 300 MB at start; importing the module does not.
async function cachedModulePath(text: string): Promise<string | null> {
  const dir = deskCacheDir();
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return dir === null ? null : join(dir, `platform-validators-${hash}-esm.mjs`);
}

async function importCached(path: string | null): Promise<Validators | null> {
  if (path === null || (await stat(path).catch(() => null)) === null) {
    return null;
  }
  try {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const found = new Map<HandledMessageType, ValidateFunction>();
    for (const [type, name] of Object.entries(HANDLED_MESSAGES) as [HandledMessageType, string][]) {
      const validate = module[name];
      if (typeof validate !== 'function') {
        return null;
      }
      found.set(type, validate as ValidateFunction);
    }
    return found;
  } catch {
    return null;
  }
}

// Ajv's module output still calls require() for its runtime helpers (deep equality, string
// length); each becomes a default import of the same CommonJS module, whose value is its exports.
function asModule(code: string): string {
  const calls = [...new Set(code.match(/require\("[^"]+"\)/g) ?? [])];
  const body = calls.reduce((text, call, i) => text.split(call).join(`__ajv${i}`), code);
  const imports = calls.map(
    (call, i) => `import __ajv${i} from ${JSON.stringify(`${call.slice(9, -2)}.js`)};`,
  );
  return `${imports.join('\n')}\n${body}`;
}

async function compile(text: string, cachePath: string | null): Promise<Validators> {
  const spec = JSON.parse(text) as Record<string, unknown>;
  repairSpec(spec);
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    validateFormats: false,
    validateSchema: false,
    code: { source: true, esm: true },
  });
  ajv.addSchema(spec, 'vapi');
  const compiled = new Map<HandledMessageType, ValidateFunction>();
  const refs: Record<string, string> = {};
  for (const [type, name] of Object.entries(HANDLED_MESSAGES) as [HandledMessageType, string][]) {
    const ref = `vapi#/components/schemas/${name}`;
    const validate = ajv.getSchema(ref);
    if (!validate) {
      throw new Error(`the platform document has no schema ${name}`);
    }
    compiled.set(type, validate);
    refs[name] = ref;
  }
  if (cachePath !== null) {
    await writeCacheFile(cachePath, asModule(standaloneCode(ajv, refs)));
  }
  return compiled;
}

/**
 * The `ServerMessage*` schemas of the platform's document, compiled with Ajv (docs/desk.md#ingest):
 * from the build cache when `npm run build` or an earlier start made them, else compiled now (seconds:
 * the schemas reach most of the document) and cached. The desk starts this at start-up without
 * waiting, and the webhook awaits it on its first message.
 */
export async function loadMessageValidator(file = PLATFORM_SPEC_FILE): Promise<MessageValidator> {
  const text = await readFile(file, 'utf8');
  const cachePath = await cachedModulePath(text);
  const compiled = (await importCached(cachePath)) ?? (await compile(text, cachePath));
  return (type, message) => {
    const validate = compiled.get(type);
    if (!validate || validate(message)) {
      return [];
    }
    // Paths and keywords only: a message's values may be personal data.
    return (validate.errors ?? []).map((e) => `${e.instancePath || 'message'} ${e.message ?? ''}`);
  };
}
