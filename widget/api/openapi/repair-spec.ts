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
 *   string, which every known name matches twice (so `oneOf` fails); it means `anyOf`;
 * - a transcript's messages are `oneOf` user, system, bot and tool messages whose `role` is a
 *   plain string, so a user's line matches the system message's schema too and every real
 *   end-of-call report would fail; it means `anyOf`.
 */
export function repairSpec(
  node: unknown,
  counts = { patterns: 0, arrayEnums: 0, emptyEnums: 0, openEnums: 0, messageUnions: 0 },
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
  if (
    Array.isArray(schema.oneOf) &&
    schema.oneOf.length > 1 &&
    schema.oneOf.every(
      (b) =>
        typeof b?.$ref === 'string' &&
        /\/(User|System|Bot|ToolCall|ToolCallResult)Message$/.test(b.$ref),
    )
  ) {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
    counts.messageUnions += 1;
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
