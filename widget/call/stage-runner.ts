import { abortReason, StartCancelledError, untilAborted } from './abortable.ts';
import { CallError } from './call-error.ts';
import { OPTIONAL_STAGES, type ReportedStage, type StartStage } from './start-stages.ts';

/** One `call-start-progress` report. */
export interface StageReport {
  stage: ReportedStage;
  /** `cancelled` when `stop()` interrupted the stage. */
  status: 'started' | 'completed' | 'failed' | 'cancelled';
  /** Milliseconds since the stage started, from the client's clock (0 for `started`). */
  durationMs: number;
  /** Why a validation stage failed, e.g. `already-started`. */
  reason?: string;
  /** What the stage found or decided (call id, whether it waited, why it skipped…). */
  detail?: Record<string, unknown>;
  /** The error of a `failed` stage. */
  error?: CallError;
}

export interface StageRunnerOptions {
  now: () => number;
  /** Aborting it ends the current stage at once (`cancelled`, or `failed` for a room failure). */
  signal: AbortSignal;
  report: (report: StageReport) => void;
  /** Optional stages that fail call this with their error before the start goes on. */
  onOptionalFailure: (error: CallError) => void;
}

/** Work done inside a stage; `note` adds to the `completed` report's `detail`. */
export type StageWork<T> = (note: (detail: Record<string, unknown>) => void) => Promise<T> | T;

/**
 * Runs stages with started/completed/failed reports and durations from an injected clock.
 * A required stage that fails throws its `CallError` (code from docs/behaviour.md#errors for that stage); an
 * optional one reports, calls `onOptionalFailure`, and resolves `undefined`.
 */
export function createStageRunner(options: StageRunnerOptions) {
  return async function runStage<T>(stage: StartStage, work: StageWork<T>): Promise<T | undefined> {
    // A stop() from a listener of the previous stage's last report (or of this one's `started`)
    // lands here: the stage is not run at all (docs/behaviour.md#call-states).
    if (options.signal.aborted) {
      throw abortReason(options.signal);
    }
    const startedAt = options.now();
    const elapsed = () => options.now() - startedAt;
    let detail: Record<string, unknown> | undefined;
    options.report({ stage, status: 'started', durationMs: 0 });
    const note = (more: Record<string, unknown>) => {
      detail = { ...detail, ...more };
    };
    try {
      if (options.signal.aborted) {
        throw abortReason(options.signal);
      }
      // Called synchronously, so a stage's first step still runs inside the user's gesture.
      let pending: Promise<T>;
      try {
        pending = Promise.resolve(work(note));
      } catch (error) {
        pending = Promise.reject(error);
      }
      const value = await untilAborted(pending, options.signal);
      options.report({
        stage,
        status: 'completed',
        durationMs: elapsed(),
        ...(detail && { detail }),
      });
      return value;
    } catch (thrown) {
      if (thrown instanceof StartCancelledError) {
        options.report({ stage, status: 'cancelled', durationMs: elapsed() });
        throw thrown;
      }
      // The call layer decides here, once, whether the call survives this failure.
      const optional = OPTIONAL_STAGES.has(stage);
      const error = CallError.forStage(stage, thrown, { recoverable: optional });
      options.report({ stage, status: 'failed', durationMs: elapsed(), error });
      if (!optional) {
        throw error;
      }
      options.onOptionalFailure(error);
      return undefined;
    }
  };
}

export type StageRunner = ReturnType<typeof createStageRunner>;
