/**
 * Serialises a query object the way the platform (a NestJS service) reads it:
 * - arrays repeat the key: `idAny=a&idAny=b`;
 * - dates become ISO 8601 strings: `createdAtGt=2025-01-01T00:00:00.000Z`;
 * - nested objects use brackets: `assistantOverrides[variableValues][name]=Ada`;
 * - `undefined` and `null` values are left out.
 * Returns the string without a leading `?` (empty when nothing is set).
 */
export function serializeQuery(query: object | undefined): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) {
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        add(key, item);
      }
    } else if (value instanceof Date) {
      params.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        add(`${key}[${k}]`, v);
      }
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) {
    add(key, value);
  }
  return params.toString();
}
