import type { AttributeProblem } from '../attributes.ts';
import type { WidgetTexts } from '../i18n/widget-texts.ts';

/** One attribute problem as a sentence of `texts`' language (pure). */
export function problemSentence(problem: AttributeProblem, texts: WidgetTexts): string {
  switch (problem.code) {
    case 'no-target':
      return texts.problems.noTarget(problem.tag);
    case 'placeholder-key':
      return texts.problems.placeholderKey(problem.value);
    default:
      return texts.problems.severalTargets(problem.found.join(', '));
  }
}

/** Every problem of the attributes, as one paragraph in `texts`' language (pure). */
export function describeProblems(
  problems: readonly AttributeProblem[],
  texts: WidgetTexts,
): string {
  return problems.map((problem) => problemSentence(problem, texts)).join(' ');
}
