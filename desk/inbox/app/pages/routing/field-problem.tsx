import type { ReactNode } from 'react';

/** The desk's refusal of the draft, pointed at one name of a rule's form (or at none). */
export interface RuleError {
  key: string | null;
  message: string;
}

/** What a control shows of a refusal: its words beside it, and the id that describes it. */
export interface FieldProblem {
  id?: string;
  node: ReactNode;
}

/**
 * The refusal's words for the control whose names `about` accepts, with `id` to point the
 * control's `aria-describedby` at; nothing when the refusal is about something else.
 */
export function fieldProblem(
  error: RuleError | null,
  about: (key: string) => boolean,
  id: string,
): FieldProblem {
  if (error === null || error.key === null || !about(error.key)) {
    return { node: null };
  }
  return {
    id,
    node: (
      <span id={id} className="field-error">
        {error.message}
      </span>
    ),
  };
}
