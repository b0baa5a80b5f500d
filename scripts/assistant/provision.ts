import type { CreateAssistantDto } from '../../widget/api/types.ts';

/** The assistant routes provisioning uses (the API client's `assistants` resource fits). */
export interface AssistantRoutes {
  list(query?: { limit?: number }): Promise<readonly { id: string; name?: string }[]>;
  create(body: CreateAssistantDto): Promise<{ id: string }>;
  update(id: string, body: CreateAssistantDto): Promise<{ id: string }>;
}

/** What provisioning did. */
export interface ProvisionResult {
  action: 'created' | 'updated' | 'unchanged';
  id: string;
}

/** How many assistants GET /assistant is asked for (the route's maximum). */
const LIST_LIMIT = 1000;

/**
 * True when every value `wanted` sets is already in `actual` (pure). Objects may hold more
 * keys than wanted (the platform adds defaults and ids); arrays must match item by item.
 */
export function alreadyHas(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted)) {
    return (
      Array.isArray(actual) &&
      actual.length === wanted.length &&
      wanted.every((item, i) => alreadyHas(actual[i], item))
    );
  }
  if (typeof wanted === 'object' && wanted !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return false;
    }
    const record = actual as Record<string, unknown>;
    return Object.entries(wanted).every(([key, value]) => alreadyHas(record[key], value));
  }
  return Object.is(actual, wanted);
}

/**
 * Creates the assistant, or brings the one of the same name up to date: GET /assistant, then
 * PATCH /assistant/{id} when it differs, or POST /assistant when there is none. Running it
 * twice changes nothing: the second run finds the assistant as wanted and sends no write.
 */
export async function provisionAssistant(
  routes: AssistantRoutes,
  body: CreateAssistantDto,
): Promise<ProvisionResult> {
  const existing = (await routes.list({ limit: LIST_LIMIT })).filter((a) => a.name === body.name);
  const [current] = existing;
  if (!current) {
    const created = await routes.create(body);
    return { action: 'created', id: created.id };
  }
  if (alreadyHas(current, body)) {
    return { action: 'unchanged', id: current.id };
  }
  const updated = await routes.update(current.id, body);
  return { action: 'updated', id: updated.id };
}

/** The snippet a brokerage pastes into its pages for this assistant. */
export function embedSnippet(assistantId: string): string {
  return [
    '<script type="module" src="https://YOUR-CDN/voice-assistant/voice-assistant.js" crossorigin="anonymous"></script>',
    `<voice-assistant assistant-id="${assistantId}" public-key="YOUR_PUBLIC_KEY"`,
    '                 listing="auto" lead-endpoint="https://YOUR-FORM-SERVICE/f/YOUR_FORM"></voice-assistant>',
  ].join('\n');
}
