import type { CallClientOptions } from '../call/call-client.ts';
import type { StartCallInput } from '../call/web-call.ts';
import type { DemoCallOptions } from '../demo/demo-call.ts';
import type { WidgetConfig } from '../element/attributes.ts';
import type { CallOptionsOverride } from '../element/bridge.ts';
import type { ListingVariables } from '../leads/page/listing-context.ts';
import { type VisitorContext, visitorOverrides } from './visitor-overrides.ts';

/**
 * What a call starts with: the assistant or squad of the attributes, and their assistant
 * overrides with what the widget tells about the visitor (language, consent) merged in. Pure.
 */
export function startInput(config: WidgetConfig, visitor: VisitorContext | null): StartCallInput {
  const target = config.target;
  const input: StartCallInput = {};
  if (target) {
    input[target.kind] = target.id;
  }
  const overrides = visitor
    ? visitorOverrides(config.assistantOverrides, visitor)
    : config.assistantOverrides;
  if (overrides) {
    input.assistantOverrides = overrides as StartCallInput['assistantOverrides'];
  }
  return input;
}

/**
 * The call client's options: the element's key and API host, the offline demo's transport in
 * demo mode (loaded only then, unless the host brought its own), and the host's `callOptions`.
 */
export async function clientOptions(
  config: WidgetConfig,
  overrides: CallOptionsOverride | undefined,
  loadDemo: (assistantName: string | null) => Promise<DemoCallOptions>,
): Promise<CallClientOptions> {
  const base: CallClientOptions = { publicKey: config.publicKey ?? '' };
  if (config.apiBaseUrl) {
    base.apiBaseUrl = config.apiBaseUrl;
  }
  const needsDemo = config.demo && !(overrides?.transportFactory && overrides.createWebCall);
  const demo = needsDemo ? await loadDemo(config.assistantName) : undefined;
  return { ...base, ...demo, ...overrides };
}

/**
 * The start input with the page's listing variables merged into
 * `assistantOverrides.variableValues`; a variable the host set itself wins (pure).
 */
export function withListingVariables(
  input: StartCallInput,
  variables: ListingVariables,
): StartCallInput {
  if (Object.keys(variables).length === 0) {
    return input;
  }
  const overrides = (input.assistantOverrides ?? {}) as Record<string, unknown>;
  const own = overrides.variableValues;
  const hostValues = typeof own === 'object' && own !== null ? own : {};
  return {
    ...input,
    assistantOverrides: {
      ...overrides,
      variableValues: { ...variables, ...hostValues },
    } as StartCallInput['assistantOverrides'],
  };
}
