import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The platform's OpenAPI document, vendored in widget/api/openapi/ (as `npm run gen:api`). */
export function loadVapiSpec(): Record<string, unknown> {
  const dir = resolve(repo, process.env.VAPI_SPEC_DIR ?? 'widget/api/openapi');
  return JSON.parse(readFileSync(resolve(dir, 'vapi-openapi.json'), 'utf8'));
}

/**
 * Ways the published document says something other than what it means, or that Ajv refuses,
 * repaired in place before validation (each is counted, so a newer document that fixes them
 * shows up):
 * - some `pattern`s are JavaScript literals (`/^[a-z]+$/u`); JSON Schema wants the bare source,
 *   or no name could ever match;
 * - some arrays repeat their items' `enum` on the array itself (a list can never equal one
 *   string), so the array-level copy is dropped when `items` carries the same values;
 * - an empty `enum` (no value allowed) is a compile error in Ajv; `not: {}` says the same;
 * - "a known name, or any other string" is written as `oneOf` a string `enum` and a plain
 *   string, which every known name matches twice (so `oneOf` fails); it means `anyOf`.
 */
export function repairSpec(
  node: unknown,
  counts = { patterns: 0, arrayEnums: 0, emptyEnums: 0, openEnums: 0 },
) {
  if (Array.isArray(node)) {
    for (const item of node) {
      repairSpec(item, counts);
    }
    return counts;
  }
  if (node === null || typeof node !== 'object') {
    return counts;
  }
  const schema = node as Record<string, unknown>;
  const literal = typeof schema.pattern === 'string' && /^\/(.*)\/[a-z]*$/.exec(schema.pattern);
  if (literal) {
    schema.pattern = literal[1];
    counts.patterns += 1;
  }
  if (Array.isArray(schema.enum) && schema.enum.length === 0) {
    delete schema.enum;
    schema.not = {};
    counts.emptyEnums += 1;
  }
  const branches = schema.oneOf;
  if (
    Array.isArray(branches) &&
    branches.every((b) => b?.type === 'string' && b.$ref === undefined) &&
    branches.some((b) => b.enum === undefined && b.pattern === undefined)
  ) {
    schema.anyOf = branches;
    delete schema.oneOf;
    counts.openEnums += 1;
  }
  const items = schema.items as Record<string, unknown> | undefined;
  if (
    schema.type === 'array' &&
    Array.isArray(schema.enum) &&
    Array.isArray(items?.enum) &&
    schema.enum.every((v) => (items.enum as unknown[]).includes(v))
  ) {
    delete schema.enum;
    counts.arrayEnums += 1;
  }
  for (const value of Object.values(schema)) {
    repairSpec(value, counts);
  }
  return counts;
}

/** Validates request bodies against the document's component schemas, with Ajv. */
export interface SpecValidator {
  /** Errors for `body` against `#/components/schemas/<name>`; `[]` when it is valid. */
  errors(name: string, body: unknown): ErrorObject[];
  /** The schema name of an operation's JSON request body (`POST`, `/assistant`). */
  requestSchema(method: string, path: string): string;
}

/**
 * Builds a validator over the (repaired) platform document. The schemas named in `compile` are
 * compiled now (seconds for the assistant DTOs), the others on first use.
 */
export function createSpecValidator(
  compile: readonly string[] = [],
  spec = loadVapiSpec(),
): SpecValidator {
  repairSpec(spec);
  // OpenAPI 3.0 schemas: `nullable` is understood, `example`/`x-*`/`discriminator` are
  // annotations here, and formats are not checked (the platform's own list is not published).
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateFormats: false,
    validateSchema: false,
  });
  ajv.addSchema(spec, 'vapi');
  const compiled = new Map<string, ValidateFunction>();
  const paths = spec.paths as Record<string, Record<string, unknown>>;
  const validator: SpecValidator = {
    errors(name, body) {
      let validate = compiled.get(name);
      if (!validate) {
        validate = ajv.getSchema(`vapi#/components/schemas/${name}`);
        if (!validate) {
          throw new Error(`no schema ${name} in the document`);
        }
        compiled.set(name, validate);
      }
      return validate(body) ? [] : [...(validate.errors ?? [])];
    },
    requestSchema(method, path) {
      const operation = paths[path]?.[method.toLowerCase()] as
        | { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }
        | undefined;
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      if (!ref) {
        throw new Error(`no JSON request body for ${method} ${path}`);
      }
      return ref.replace('#/components/schemas/', '');
    },
  };
  for (const name of compile) {
    validator.errors(name, {});
  }
  return validator;
}
