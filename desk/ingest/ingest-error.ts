/** Why an ingested body was refused: the HTTP answer's `error.code`. */
export type IngestErrorCode =
  | 'bad-json'
  | 'invalid-field'
  | 'unsupported-media-type'
  | 'body-too-large'
  | 'origin-not-allowed'
  | 'capture-limit'
  | 'rate-limited'
  | 'unauthorized'
  | 'not-configured'
  | 'database-unavailable';

/**
 * A body the desk will not store, with the field it is about (docs/desk.md#ingest). The HTTP
 * layer turns it into `{ "error": { "code", "message" } }`; the message names the field and
 * never repeats the value (it may be personal data).
 */
export class IngestError extends Error {
  override readonly name = 'IngestError';
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    readonly status: number,
    readonly field: string | null = null,
  ) {
    super(message);
  }

  /** A field is missing or has a bad value. */
  static field(field: string, expected: string): IngestError {
    return new IngestError('invalid-field', `${field} ${expected}`, 400, field);
  }
}
