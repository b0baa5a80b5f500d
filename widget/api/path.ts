import { ApiError } from './errors.ts';

/**
 * The only way a value enters a URL path: percent-encodes it (including `/`, `?` and `#`) and
 * rejects empty, `.` and `..` values, which would otherwise address a different resource.
 */
export function encodePathParam(name: string, value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (text === '' || text === '.' || text === '..') {
    throw new ApiError('invalid-path-param', `Invalid path parameter "${name}".`);
  }
  return encodeURIComponent(text);
}

/** Fills `{placeholders}` of a path template, in order, from `values`. */
export function fillPath(template: string, values: readonly unknown[]): string {
  let index = 0;
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodePathParam(name, values[index++]),
  );
}
