import { readFileSync } from 'node:fs';

/** The widget's budgets in bench/budgets.json (issue 5). */
export interface WidgetBudgets {
  beforeIntentGzip: number;
  beforeIntentRequests: number;
  beforeIntentScriptMs: number;
  afterClickGzip: number;
  waveMinFps: number;
  waveMaxScriptMsPerFrame: number;
  idleFramesRequested: number;
}

export function widgetBudgets(): WidgetBudgets {
  const all = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as { widget: WidgetBudgets };
  return all.widget;
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
