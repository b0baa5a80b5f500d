import type { AttributeName } from './attributes.ts';

/**
 * What makes a call impossible: no assistant, squad or workflow, or more than one, or a
 * `public-key` copied from an example (`YOUR_PUBLIC_KEY`) that the platform would refuse. Each language
 * words it (`WidgetTexts.problems`), so the loader carries no sentences (docs/behaviour.md#widget).
 */
export type AttributeProblem =
  | { code: 'no-target'; tag: string }
  | { code: 'several-targets'; found: string[] }
  | { code: 'placeholder-key'; value: string };

/**
 * A public key copied from an example rather than the dashboard: "YOUR_PUBLIC_KEY", "<key>",
 * "xxx…". Real keys are UUIDs (hex and dashes), which none of these match.
 */
export const PLACEHOLDER_KEY = /your|key|xxx|[.…<>{}]/i;

/**
 * An optional attribute whose value is ignored (its default is used), and what to write instead.
 * The loader prints it once as a console warning (docs/behaviour.md#validation).
 */
export interface AttributeWarning {
  attribute: AttributeName;
  value: string;
  /** What a valid value looks like, for the developer (English, in the console only). */
  expected: string;
}

/** The console sentence for `warning`: the attribute, the value ignored and what to write. */
export function warningSentence(
  tag: string,
  { attribute, value, expected }: AttributeWarning,
): string {
  return `<${tag}> ignores ${attribute}="${value}": write ${expected}.`;
}
