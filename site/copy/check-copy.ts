import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { COPY_SCHEMAS } from './copy-schemas.ts';

/** Where the landing page's copy files live, from the repository root. */
export const COPY_DIR = 'site/copy';

/** A copy file that is not what the site expects: every problem, each naming file and field. */
export class CopyError extends Error {
  override readonly name = 'CopyError';
  readonly code = 'invalid-site-copy';
  constructor(readonly problems: readonly string[]) {
    super(`The site's copy has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const ajv = new Ajv({ allErrors: true, strict: true });
const validators = new Map(
  Object.entries(COPY_SCHEMAS).map(([file, schema]) => [file, ajv.compile(schema)]),
);

/** `/features/0/icon` → `features[0].icon`, the way a marketer reads the file. */
function fieldName(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const extra = error.keyword === 'additionalProperties' ? error.params.additionalProperty : null;
  const missing = error.keyword === 'required' ? error.params.missingProperty : null;
  const own = (extra ?? missing) as string | null;
  const full = own ? [path, own].filter((p) => p !== '').join('.') : path;
  return full === '' ? '(the whole file)' : full;
}

/** What the field should hold, in words. */
function expected(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is missing: add it';
    case 'additionalProperties':
      return 'is not a field of this file: remove it or check its spelling';
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'minLength':
      return 'must be a text that is not empty';
    case 'type':
      return `must be ${error.params.type === 'array' ? 'a list' : `a ${error.params.type}`}`;
    default:
      return error.message ?? 'is not valid';
  }
}

/** Every problem of one copy file's text (`[]` when it is fine). `file` is its name in `site/copy/`. */
export function checkCopyText(file: string, source: string): string[] {
  const where = `${COPY_DIR}/${file}`;
  const validate = validators.get(file);
  if (!validate) {
    return [`${where}: not a copy file the site knows (${[...validators.keys()].join(', ')})`];
  }
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    return [`${where}: is not valid JSON (${(error as Error).message})`];
  }
  if (validate(data)) {
    return [];
  }
  return (validate.errors ?? []).map((error) => `${where}: ${fieldName(error)} ${expected(error)}`);
}

/** Checks every copy file under `root`; throws {@link CopyError} with every problem at once. */
export function checkCopyFiles(root = '.'): void {
  const dir = join(root, COPY_DIR);
  const present = new Set(readdirSync(dir).filter((name) => name.endsWith('.json')));
  const problems = [...validators.keys()].flatMap((file) =>
    present.has(file)
      ? checkCopyText(file, readFileSync(join(dir, file), 'utf8'))
      : [`${COPY_DIR}/${file}: is missing`],
  );
  if (problems.length > 0) {
    throw new CopyError(problems);
  }
}
