/** The reasons a lead setting is refused. */
export type LeadErrorCode = 'invalid-lead-endpoint';

/** A lead-capture setting the widget cannot use; `code` says which. */
export class LeadError extends Error {
  override readonly name = 'LeadError';

  constructor(
    readonly code: LeadErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** `lead-endpoint` is not an https URL (http is accepted for localhost only). */
  static endpoint(value: string, cause?: unknown): LeadError {
    return new LeadError(
      'invalid-lead-endpoint',
      `lead-endpoint must be an https URL (http only for localhost or 127.0.0.1); got "${value}"`,
      cause === undefined ? undefined : { cause },
    );
  }
}
