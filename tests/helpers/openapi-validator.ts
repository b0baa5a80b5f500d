import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { repairSpec } from '../../widget/api/openapi/repair-spec.ts';

export { repairSpec };

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The platform's OpenAPI document, vendored in widget/api/openapi/ (as `npm run gen:api`). */
export function loadVapiSpec(): Record<string, unknown> {
  const dir = resolve(repo, process.env.VAPI_SPEC_DIR ?? 'widget/api/openapi');
  return JSON.parse(readFileSync(resolve(dir, 'vapi-openapi.json'), 'utf8'));
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
