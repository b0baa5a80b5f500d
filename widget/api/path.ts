import { ApiError } from './api-errors.ts';

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

/** Fills `{placeholders}` of a path template, in order, from `values` (a loop: 6× a regex). */
export function fillPath(template: string, values: readonly unknown[]): string {
  let path = '';
  let from = 0;
  let index = 0;
  for (let open = template.indexOf('{'); open !== -1; open = template.indexOf('{', from)) {
    const close = template.indexOf('}', open);
    path +=
      template.slice(from, open) +
      encodePathParam(template.slice(open + 1, close), values[index++]);
    from = close + 1;
  }
  return path + template.slice(from);
}
