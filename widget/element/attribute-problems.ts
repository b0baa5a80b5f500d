/**
 * What is wrong with the attributes: a code and what the sentence must name. Each language
 * words it (`WidgetTexts.problems`), so the loader carries no sentences (docs/behaviour.md#widget).
 */
export type AttributeProblem =
  | { code: 'no-target'; tag: string }
  | { code: 'several-targets'; found: string[] }
  | {
      code: 'invalid';
      attribute:
        | 'mode'
        | 'chat'
        | 'assistant-overrides'
        | 'api-base-url'
        | 'lead-endpoint'
        | 'consent-url';
      value: string;
    };
