/**
 * The desk's settings (environment or `assistant.config.json`) are wrong. Thrown at start, so
 * the desk never runs half-configured; `problems` names every bad field (docs/desk.md#configure).
 */
export class DeskConfigError extends Error {
  override readonly name = 'DeskConfigError';
  readonly code = 'invalid-desk-config';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid desk settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
