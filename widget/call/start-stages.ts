/** docs/behaviour.md#states: the start stages, in order (then `success`, reported as `call-start-success`). */
export const START_STAGES = [
  'initialization',
  'web-call-creation',
  'daily-call-object-creation',
  'mobile-permissions',
  'daily-call-join',
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
] as const;

export type StartStage = (typeof START_STAGES)[number];

/** Stages a report can name: the start stages plus the input validation that precedes them. */
export type ReportedStage = StartStage | 'input-validation';

/**
 * Stages whose failure does not stop the call: it still works without recording, speech
 * detection or noise cancellation, so those report `failed`, emit `error`, and the start goes on.
 */
export const OPTIONAL_STAGES: ReadonlySet<StartStage> = new Set([
  'video-recording-setup',
  'audio-observer-setup',
  'audio-processing-setup',
]);
