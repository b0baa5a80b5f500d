import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import { repairSpec } from '../../widget/api/openapi/repair-spec.ts';

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

/**
 * Compiles the `ServerMessage*` schemas of the platform's document with Ajv (docs/desk.md#ingest).
 * Compiling takes seconds (the schemas reach most of the document), so the desk starts it at
 * start-up without waiting, and the webhook awaits it on its first message.
 */
export async function loadMessageValidator(file = PLATFORM_SPEC_FILE): Promise<MessageValidator> {
  const spec = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  repairSpec(spec);
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    validateFormats: false,
    validateSchema: false,
  });
  ajv.addSchema(spec, 'vapi');
  const compiled = new Map<HandledMessageType, ValidateFunction>();
  for (const [type, name] of Object.entries(HANDLED_MESSAGES) as [HandledMessageType, string][]) {
    const validate = ajv.getSchema(`vapi#/components/schemas/${name}`);
    if (!validate) {
      throw new Error(`the platform document has no schema ${name}`);
    }
    compiled.set(type, validate);
  }
  return (type, message) => {
    const validate = compiled.get(type);
    if (!validate || validate(message)) {
      return [];
    }
    // Paths and keywords only: a message's values may be personal data.
    return (validate.errors ?? []).map((e) => `${e.instancePath || 'message'} ${e.message ?? ''}`);
  };
}
