/**
 * Serialises a query object the way the platform (a NestJS service) reads it:
 * - arrays repeat the key: `idAny=a&idAny=b`;
 * - dates become ISO 8601 strings: `createdAtGt=2025-01-01T00:00:00.000Z`;
 * - nested objects use brackets: `assistantOverrides[variableValues][name]=Ada`;
 * - `undefined` and `null` values are left out.
 * Returns the string without a leading `?` (empty when nothing is set).
 */
export function serializeQuery(query: object | undefined): string {
  if (!query) {
    return '';
  }
  let params: URLSearchParams | undefined;
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) {
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        add(key, item);
      }
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value)) {
        add(`${key}[${k}]`, v);
      }
    } else {
      params = params ?? new URLSearchParams();
      params.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  };
  for (const key in query) {
    add(key, (query as Record<string, unknown>)[key]);
  }
  return params ? params.toString() : '';
}
